import Foundation
import Localization
import NASA

/// The quiet line above content that is not straight from the network: what kind of note it is
/// (which sets the banner's look) and the sentence to show.
public struct ContentStatus: Sendable, Hashable {
  /// Why the line is shown.
  public enum Kind: Sendable, Hashable {
    /// An older copy is kept because the network could not be used (offline, rate limited,
    /// failing, network use off); the sentence says how old and why.
    case stale
    /// Today's picture is not published yet; the newest earlier day is shown.
    case notPublishedYet
    /// A saved copy that is current: nothing newer exists yet.
    case savedCurrent
  }

  public var kind: Kind
  /// The sentence for people.
  public var message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The line for content with `freshness`, saved at `cachedAt` (nil: fetched from the network
  /// just now, which needs no line) and with an optional `notice`, at `now`.
  ///
  /// Precedence: stale first (the content may be out of date, which matters most), then the
  /// notice, then "saved, nothing newer yet".
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
