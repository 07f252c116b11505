import NASA

/// What the Explore screen needs from the APOD repository, and nothing more: the recent days, and
/// one day chosen with the date picker.
public protocol ExploreSource: Sendable {
  /// The last `days` days, newest first, cache first.
  func explore(days: Int, _ policy: FetchPolicy) async throws(APODError) -> ExploreResult

  /// One day, from the cache when saved.
  func apod(for day: APODDay, policy: FetchPolicy) async throws(APODError) -> APODResult
}

extension APODRepository: ExploreSource {}
