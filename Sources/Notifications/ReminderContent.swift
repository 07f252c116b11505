import Foundation
import ImageCache
import Localization
import NASA

/// `UNNotificationAttachment` moves the file it is given into the system's store, so `file` is always
/// a copy written for it, never the image cache's own file.
public struct NotificationAttachment: Sendable, Hashable {
  /// What a pending request is compared by, since the system's copy lives elsewhere.
  public var identifier: String
  public var file: URL?

  public init(identifier: String, file: URL?) {
    self.identifier = identifier
    self.file = file
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identifier == rhs.identifier }
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// Only an APOD of that very day is named: before publication, offline or with yesterday's picture
/// the reminder says what it always says.
public struct ReminderContent: Sendable, Hashable {
  public let day: APODDay
  public let body: String
  public let attachment: NotificationAttachment?

  public init(day: APODDay, body: String, attachment: NotificationAttachment?) {
    self.day = day
    self.body = body
    self.attachment = attachment
  }

  /// A notification never shows the HD one bigger.
  public static func image(of apod: APOD, on day: APODDay) -> URL? {
    apod.date == day ? apod.imageURL : nil
  }

  public static func decide(
    day: APODDay, latest: APOD?, attachment: NotificationAttachment?
  ) -> ReminderContent? {
    guard let latest, latest.date == day else { return nil }
    let title = latest.title.trimmingCharacters(in: .whitespacesAndNewlines)
    let body: String
    switch latest.mediaType {
    case .image:
      body = Localized.text("Today’s picture: “%@”.", title)
    case .video:
      body = Localized.text("Today’s APOD is a video: “%@”.", title)
    case .other, .iframe, .unknown:
      body = Localized.text("Today’s APOD is an interactive page: “%@”.", title)
    }
    return ReminderContent(day: day, body: body, attachment: attachment)
  }

  /// Asks no network: the repository's today (cache only) and the image pipeline's disk tier.
  public static func saved(
    day: APODDay, repository: APODRepository, images: ImagePipeline, folder: ReminderAttachmentFolder
  ) async -> ReminderContent? {
    guard let latest = try? await repository.today(.cacheOnly).apod, latest.date == day else { return nil }
    var attachment: NotificationAttachment?
    if let url = image(of: latest, on: day), let data = await images.cachedData(for: url) {
      attachment = folder.copy(data, identifier: "apod-\(day.iso)")
    }
    return decide(day: day, latest: latest, attachment: attachment)
  }
}

/// Each copy replaces the ones before: the system moved those it attached into its own store.
public struct ReminderAttachmentFolder: Sendable {
  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  /// The system reads the type from the extension.
  public func copy(_ data: Data, identifier: String) -> NotificationAttachment? {
    guard let picture = PictureFile(data: data) else { return nil }
    let files = FileManager.default
    for old in (try? files.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [] {
      try? files.removeItem(at: old)
    }
    let file = url.appending(path: "\(identifier).\(picture.fileExtension)")
    do {
      try files.createDirectory(at: url, withIntermediateDirectories: true)
      try data.write(to: file, options: .atomic)
    } catch {
      return nil
    }
    return NotificationAttachment(identifier: identifier, file: file)
  }
}
