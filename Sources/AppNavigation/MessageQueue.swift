/// A sentence the app tells the user in an alert (an Ask to Buy notice, a Save to Photos result, the
/// favorites store set aside).
public struct Message: Sendable, Equatable, Identifiable {
  /// Unique within the process: dismissing names the message, so a late dismissal of one alert never
  /// removes the next.
  public let id: Int
  /// Empty when the text alone says it (a gate notice): the text is then the alert's title.
  public let title: String
  public let text: String
}

/// The messages waiting to be shown, in order.
///
/// Rules:
/// - One at a time, oldest first: the next shows only once the one in front is dismissed.
/// - None while a paywall or a sheet (viewer, video, share) is up: they wait and show after it
///   closes (`AppNavigation.message`).
/// - A message equal (title and text) to one already waiting is not queued twice.
/// - Dismissing names the message; dismissing one no longer in front changes nothing.
struct MessageQueue: Sendable, Equatable {
  private(set) var waiting: [Message] = []
  private var nextID = 1

  mutating func enqueue(title: String, text: String) {
    guard !waiting.contains(where: { $0.title == title && $0.text == text }) else { return }
    waiting.append(Message(id: nextID, title: title, text: text))
    nextID += 1
  }

  mutating func withdraw(title: String, text: String) {
    waiting.removeAll { $0.title == title && $0.text == text }
  }

  mutating func dismiss(_ id: Message.ID) {
    guard waiting.first?.id == id else { return }
    waiting.removeFirst()
  }
}
