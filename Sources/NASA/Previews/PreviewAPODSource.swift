#if DEBUG
  /// Debug builds only. Tests use TestSupport's `FakeAPODSource`, which the app never links.
  public struct PreviewAPODSource: APODSource {
    private let answer: @Sendable (APODDay) -> Result<APOD, APODError>

    public init(answer: @escaping @Sendable (APODDay) -> Result<APOD, APODError>) {
      self.answer = answer
    }

    public func apod(for day: APODDay) async throws(APODError) -> APOD {
      try answer(day).get()
    }

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
