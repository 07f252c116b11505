import Foundation
import ImageCache
import Localization
import NASA

/// A picture shown in a notification. `UNNotificationAttachment` moves the file it is given into
/// the system's store, so `file` is always a copy written for it (`ReminderAttachmentFolder`),
/// never the image cache's own file.
public struct NotificationAttachment: Sendable, Hashable {
  /// Names the picture ("apod-2026-11-20"); what a pending request is compared by, since the
  /// system's copy lives elsewhere.
  public var identifier: String
  public var file: URL?

  public init(identifier: String, file: URL?) {
    self.identifier = identifier
    self.file = file
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identifier == rhs.identifier }
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// What the daily reminder says on the APOD day it rings: that day's title, and its picture (a
/// video's thumbnail) when saved. Only an APOD of that very day is named: before publication,
/// offline or with yesterday's picture there is no content, and the reminder says what it always
/// says (`ReminderScheduler.body(latestTitle:)`).
public struct ReminderContent: Sendable, Hashable {
  public let day: APODDay
  public let body: String
  public let attachment: NotificationAttachment?

  public init(day: APODDay, body: String, attachment: NotificationAttachment?) {
    self.day = day
    self.body = body
    self.attachment = attachment
  }

  /// The image a reminder on `day` would attach: the standard picture (a notification never
  /// shows the HD one bigger), or a video's still; nil for another day's APOD.
  public static func image(of apod: APOD, on day: APODDay) -> URL? {
    apod.date == day ? apod.imageURL : nil
  }

  /// The content for a reminder ringing on `day`, or nil when `latest` is not that day's APOD.
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

  /// The content from what is saved, asking no network: the repository's today (cache only) and
  /// the image pipeline's disk tier, copied for the notification into `folder`.
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

/// Where the reminder's picture copies are written. Each copy replaces the ones before: the
/// system moved those it attached into its own store, and any other is a leftover.
public struct ReminderAttachmentFolder: Sendable {
  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  /// A copy of `data` named after `identifier` with the extension of its format (the system
  /// reads the type from the extension), or nil for bytes that are no PNG, JPEG or GIF or a
  /// folder that cannot be written.
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
