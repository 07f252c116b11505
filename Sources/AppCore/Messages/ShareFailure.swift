import Localization

/// Share could not prepare a day's picture (the download refused, the file not written): why is
/// told in the one message queue under "Couldn't Share", like every other message (behind the one
/// in front, never over a paywall). No view keeps an alert of its own for it.
extension AppModel {
  /// Queues `reason` (a sentence in the user's language) as the share's failure.
  public func shareFailed(_ reason: String) {
    navigation.enqueue(title: Localized.text("Couldn't Share"), text: reason)
  }
}
