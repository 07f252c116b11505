import Foundation
import Localization
import NASA

public struct ContentStatus: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case stale
    case notice
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
      return ContentStatus(kind: .notice, message: notice.message)
    }
    if let cachedAt {
      let age = Freshness.age(from: cachedAt, to: now)
      return ContentStatus(
        kind: .savedCurrent, message: Localized.text("Saved %@. Nothing newer has been published yet.", age))
    }
    return nil
  }
}

extension ContentStatus {
  /// `describing(freshness:cachedAt:notice:now:)` for a list of `asked` days of which
  /// `notReceived` never came (the service answered without them): the line says how many and
  /// that they will be asked for again, after the stale reason when there is one. A list missing
  /// days is never "nothing newer".
  public static func describing(
    freshness: Freshness, cachedAt: Date?, notice: APODNotice?, now: Date, notReceived: Int, asked: Int
  ) -> ContentStatus? {
    let status = describing(freshness: freshness, cachedAt: cachedAt, notice: notice, now: now)
    guard notReceived > 0 else { return status }
    let missing = Localized.text(
      "%lld of the %lld days asked for were not received from NASA; they will be asked for again.",
      notReceived, asked)
    guard let status, status.kind == .stale else { return ContentStatus(kind: .stale, message: missing) }
    return ContentStatus(kind: .stale, message: status.message + " " + missing)
  }
}
