import Foundation
import ImageCache
import Networking
import TestServer
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A fresh directory per test, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ImageCacheTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// The loopback server plus helpers to serve images at paths.
public struct ImageServer: Sendable {
  public let server: LoopbackServer
  public let baseURL: URL

  public static func start() async throws -> ImageServer {
    let server = LoopbackServer()
    let baseURL = try await server.start()
    return ImageServer(server: server, baseURL: baseURL)
  }

  private init(server: LoopbackServer, baseURL: URL) {
    self.server = server
    self.baseURL = baseURL
  }

  public func url(_ path: String) -> URL { URL(string: baseURL.absoluteString + path)! }

  /// Serves `data` at `path`, optionally after `gate` opens (a slow server under test control).
  public func serve(_ path: String, _ data: Data, contentType: String = "image/png", gate: Gate? = nil) async
  {
    await server.route(path) { _ in
      await gate?.wait()
      return .bytes(data, contentType: contentType)
    }
  }

  public func requests(_ path: String) async -> Int { await server.requestCount(to: path) }

  public func stop() async { await server.stop() }
}

/// A session without URLCache: the pipeline is the cache under test.
public func makeSession() -> URLSession {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.urlCache = nil
  return URLSession(configuration: configuration)
}

public func makePipeline(
  _ directory: TemporaryDirectory,
  memoryCostLimit: Int = 64 << 20,
  diskByteLimit: Int = 64 << 20,
  decoder: any ImageDecoding = HeaderImageDecoder(),
  now: @escaping @Sendable () -> Date = Date.init
) -> ImagePipeline {
  ImagePipeline(
    directory: directory.url, memoryCostLimit: memoryCostLimit, diskByteLimit: diskByteLimit,
    session: makeSession(), decoder: decoder, now: now)
}

/// Suspends callers until opened. Lets a test hold a response (or a download) as long as it
/// needs, without sleeping on real time.
public actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []
  public private(set) var arrivals = 0

  public init() {}

  public func wait() async {
    arrivals += 1
    guard !isOpen else { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  public func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting.removeAll()
  }
}

public struct ConditionTimedOut: Error, CustomStringConvertible {
  public var description: String { "The condition did not become true within \(hangGuard)." }
}

/// How long `eventually` waits before calling it a hang. Generous on purpose: it only turns a
/// deadlock into a failure, and a loaded 2-core CI machine can take seconds to schedule a task.
public let hangGuard: Duration = .seconds(60)

/// Waits until `condition` holds, polling every millisecond, failing after `hangGuard`. Used to
/// wait for another task to reach a known point, never to assert on timing.
public func eventually(
  isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async throws {
  let deadline = ContinuousClock.now + hangGuard
  while !(await condition()) {
    guard ContinuousClock.now < deadline else { throw ConditionTimedOut() }
    try await Task.sleep(for: .milliseconds(1))
  }
}

/// A clock that moves only when the test says so.
public final class ManualClock: Clock, @unchecked Sendable {
  // @unchecked Sendable: `current`, `sleepers` and `lastID` are only touched under `lock`.
  public struct Instant: InstantProtocol {
    public var offset: Duration

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Sleeper] = []
  private var lastID: UInt64 = 0

  public init() {}

  public var now: Instant { lock.withLock { current } }
  public var minimumResolution: Duration { .zero }

  /// Tasks currently sleeping on this clock.
  public var sleeperCount: Int { lock.withLock { sleepers.count } }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = lock.withLock {
      lastID += 1
      return lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = lock.withLock {
          if deadline <= current { return .success(()) }
          if Task.isCancelled { return .failure(CancellationError()) }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = lock.withLock { () -> Sleeper? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  public func advance(by duration: Duration) {
    let due = lock.withLock { () -> [Sleeper] in
      current = current.advanced(by: duration)
      let due = sleepers.filter { $0.deadline <= current }
      sleepers.removeAll { $0.deadline <= current }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}

/// A wall clock for the disk tier's recency stamps that the test moves by hand.
public final class SteppingDate: @unchecked Sendable {
  // @unchecked Sendable: `current` is only touched under `lock`.
  private let lock = NSLock()
  private var current = Date(timeIntervalSince1970: 1_700_000_000)

  public init() {}

  public var now: Date { lock.withLock { current } }

  public func advance(seconds: TimeInterval) { lock.withLock { current += seconds } }

  public var closure: @Sendable () -> Date { { [self] in self.now } }
}
