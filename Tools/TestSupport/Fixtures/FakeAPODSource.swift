import Foundation
import NASA

/// A scripted `APODSource` that counts its calls.
public actor FakeAPODSource: APODSource {
  public typealias DayHandler = @Sendable (APODDay) -> Result<APOD, APODError>

  private var dayHandler: DayHandler
  private var rangeHandler: (@Sendable (APODDay, APODDay) -> Result<APODList, APODError>)?
  public private(set) var dayCalls: [APODDay] = []
  public private(set) var rangeCalls: [ClosedRange<APODDay>] = []
  private var gate: AsyncGate?

  public init(
    day: @escaping DayHandler,
    range: (@Sendable (APODDay, APODDay) -> Result<APODList, APODError>)? = nil
  ) {
    dayHandler = day
    rangeHandler = range
  }

  public func answer(day: @escaping DayHandler) { dayHandler = day }

  /// From now on every call waits for `gate` to open before answering.
  public func hold(with gate: AsyncGate?) { self.gate = gate }

  public func apod(for day: APODDay) async throws(APODError) -> APOD {
    dayCalls.append(day)
    await gate?.wait()
    return try dayHandler(day).get()
  }

  public func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    rangeCalls.append(start...end)
    await gate?.wait()
    if let rangeHandler { return try rangeHandler(start, end).get() }
    var items: [APOD] = []
    for day in (start...end).reversed() {
      switch dayHandler(day) {
      case .success(let apod): items.append(apod)
      case .failure(.noAPOD), .failure(.notPublishedYet): continue
      case .failure(let error): throw error
      }
    }
    return APODList(items: items)
  }

  public var callCount: Int { dayCalls.count + rangeCalls.count }
}

/// A small valid APOD for `day` from `source`.
public func sampleAPOD(_ day: APODDay, source: APODSourceKind = .apodBasic, title: String? = nil) -> APOD {
  APOD(
    date: day, title: title ?? "Sample \(day.iso)", explanation: "Explanation of \(day.iso).",
    mediaType: .image,
    hdurl: URL(string: "https://apod.nasa.gov/apod/image/sample/\(day.yymmdd).jpg"),
    pageURL: APOD.legacyPageURL(for: day), source: source)
}

/// Holds callers until the test opens it, so a test can look at a model mid-request.
public actor AsyncGate {
  public init() {}

  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var isOpen = false

  /// How many callers are waiting.
  public var waiting: Int { waiters.count }

  public func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  public func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}
