import Foundation
import Localization
import NASA

public struct ContentStatus: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case stale
    case notPublishedYet
    case savedCurrent
  }

  public var kind: Kind
  public var message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// Precedence: stale first (out-of-date content matters most), then the notice, then "saved,
  /// nothing newer yet".
  public static func describing(
    freshness: Freshness, cachedAt: Date?, notice: APODNotice?, now: Date
  ) -> ContentStatus? {
    if let message = freshness.message(now: now) {
      return ContentStatus(kind: .stale, message: message)
    }
    if let notice {
      return ContentStatus(kind: .notPublishedYet, message: notice.message)
    }
    if let cachedAt {
      let age = Freshness.age(from: cachedAt, to: now)
      return ContentStatus(
        kind: .savedCurrent, message: Localized.text("Saved %@. Nothing newer has been published yet.", age))
    }
    return nil
  }
}
