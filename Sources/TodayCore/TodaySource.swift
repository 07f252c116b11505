import Foundation
import NASA

/// What the Today screen needs from the APOD repository, and nothing more: today's picture, and
/// how long to wait before asking again for one that is not published yet.
public protocol TodaySource: Sendable {
  /// How long after finding today's picture not published yet to ask again.
  var recheckInterval: TimeInterval { get }

  /// Today's picture, cache first; on the caller's executor, as the repository runs it.
  nonisolated(nonsending) func today(_ policy: FetchPolicy) async throws(APODError) -> APODResult
}

extension APODRepository: TodaySource {}
