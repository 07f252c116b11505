#if DEBUG
  /// The `APODSource` behind the SwiftUI previews (debug builds only): every day is answered at
  /// once from `answer`, with no network. It records nothing and cannot be scripted: tests use
  /// TestSupport's `FakeAPODSource`, which the app never links.
  public struct PreviewAPODSource: APODSource {
    private let answer: @Sendable (APODDay) -> Result<APOD, APODError>

    public init(answer: @escaping @Sendable (APODDay) -> Result<APOD, APODError>) {
      self.answer = answer
    }

    public func apod(for day: APODDay) async throws(APODError) -> APOD {
      try answer(day).get()
    }

    /// Every day of the range, newest first, each from `answer`; the first refusal is the answer.
    public func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
      guard start <= end else { return APODList(items: []) }
      var items: [APOD] = []
      for day in (start...end).reversed() {
        items.append(try answer(day).get())
      }
      return APODList(items: items)
    }
  }
#endif
