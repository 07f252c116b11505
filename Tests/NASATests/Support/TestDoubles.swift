import Foundation
import NASA
import Networking
import TestSupport

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
  // @unchecked: the only state is `current`, guarded by `lock`.
  private let lock = NSLock()
  private var current: Date

  init(_ start: Date) { current = start }

  var now: Date { lock.withLock { current } }

  func set(_ date: Date) { lock.withLock { current = date } }

  func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }

  /// The clock as the injected closure.
  var closure: @Sendable () -> Date { { [self] in now } }
}

/// An `HTTPClienting` that answers from a handler and records every request.
actor FakeHTTPClient: HTTPClienting {
  typealias Handler = @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPError>

  private let handler: Handler
  private(set) var requests: [HTTPRequest] = []

  init(_ handler: @escaping Handler) { self.handler = handler }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    requests.append(request)
    return try handler(request).get()
  }

  var requestCount: Int { requests.count }

  var paths: [String] { requests.map(\.url.path) }
}

extension Result where Success == HTTPResponse, Failure == HTTPError {
  static func json(_ text: String) -> Self {
    .success(
      HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8)))
  }
}

func query(_ request: HTTPRequest) -> [String: String] {
  let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
}

/// A scripted `APODSource` that counts its calls.
actor StubSource: APODSource {
  typealias DayHandler = @Sendable (APODDay) -> Result<APOD, APODError>

  private var dayHandler: DayHandler
  private var rangeHandler: (@Sendable (APODDay, APODDay) -> Result<APODList, APODError>)?
  private(set) var dayCalls: [APODDay] = []
  private(set) var rangeCalls: [ClosedRange<APODDay>] = []
  private var gate: Gate?

  init(
    day: @escaping DayHandler,
    range: (@Sendable (APODDay, APODDay) -> Result<APODList, APODError>)? = nil
  ) {
    dayHandler = day
    rangeHandler = range
  }

  func answer(day: @escaping DayHandler) { dayHandler = day }

  /// From now on every call waits for `gate` to open before answering.
  func hold(with gate: Gate?) { self.gate = gate }

  func apod(for day: APODDay) async throws(APODError) -> APOD {
    dayCalls.append(day)
    await gate?.wait()
    return try dayHandler(day).get()
  }

  func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
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

  var callCount: Int { dayCalls.count + rangeCalls.count }
}

/// A small valid APOD for `day` from `source`.
func sampleAPOD(_ day: APODDay, source: APODSourceKind = .apodBasic, title: String? = nil) -> APOD {
  APOD(
    date: day, title: title ?? "Sample \(day.iso)", explanation: "Explanation of \(day.iso).",
    mediaType: .image,
    hdurl: URL(string: "https://apod.nasa.gov/apod/image/sample/\(day.yymmdd).jpg"),
    pageURL: APOD.legacyPageURL(for: day), source: source)
}

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("NASATests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}

/// Holds callers until the test opens it, so a test can look at a model mid-request.
actor Gate {
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var isOpen = false

  /// How many callers are waiting.
  var waiting: Int { waiters.count }

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}

/// Waits (a few milliseconds at a time) until `condition` holds. The 60-second bound only turns a
/// hang into a failure; a loaded 2-core CI machine can take seconds to schedule a task.
func eventually(_ condition: @Sendable () async -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(60)
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return await condition()
}
