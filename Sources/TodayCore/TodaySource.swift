import Foundation
import NASA

public protocol TodaySource: Sendable {
  var recheckInterval: TimeInterval { get }

  /// Today's picture, cache first; on the caller's executor, as the repository runs it.
  nonisolated(nonsending) func today(_ policy: FetchPolicy) async throws(APODError) -> APODResult
}

extension APODRepository: TodaySource {}
