import Basics
import Foundation
import ImageCache
import Networking
import TestServer
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback server plus helpers to serve images at paths.
public struct ImageServer: Sendable {
  public let server: LoopbackServer
  public let baseURL: URL

  public static func start() async throws -> ImageServer {
    let server = LoopbackServer()
    let baseURL = try await server.start()
    return ImageServer(server: server, baseURL: baseURL)
  }

  /// The image helpers over a server that is already listening at `baseURL`.
  public init(server: LoopbackServer, baseURL: URL) {
    self.server = server
    self.baseURL = baseURL
  }

  public func url(_ path: String) -> URL { URL(string: baseURL.absoluteString + path)! }

  /// Serves `data` at `path`, optionally after `gate` opens (a slow server under test control),
  /// and returns the URL it is served at.
  @discardableResult
  public func serve(
    _ path: String, _ data: Data, contentType: String = "image/png", gate: Gate? = nil
  )
    async -> URL
  {
    await server.route(path) { _ in
      await gate?.wait()
      return .bytes(data, contentType: contentType)
    }
    return url(path)
  }

  /// Serves `data` as `/<name>.png` for every name, and returns the URL of a name.
  public func serve(_ data: Data, named names: [String]) async -> @Sendable (String) -> URL {
    for name in names { await serve("/\(name).png", data) }
    let baseURL = baseURL
    return { name in URL(string: baseURL.absoluteString + "/\(name).png")! }
  }

  public func requests(_ path: String) async -> Int { await server.requestCount(to: path) }

  public func stop() async { await server.stop() }
}

/// One test's image world: a fresh folder and a loopback image server, handed to `body`. The
/// folder is removed and the server stopped when `body` ends, also when it throws, so a failed
/// `#require` leaves no folder or listening server behind.
public func withServedImages(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (_ server: ImageServer, _ directory: TemporaryDirectory) async throws -> Void
) async throws {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  try await LoopbackServer.run { server, base in
    try await body(ImageServer(server: server, baseURL: base), directory)
  }
}

/// A pipeline over `downloader` (a held or recording one) instead of the network.
public func makePipeline(_ directory: TemporaryDirectory, downloader: any ImageDownloading) -> ImagePipeline {
  ImagePipeline(
    directory: directory.url, downloader: downloader, decoder: HeaderImageDecoder(), clock: TestClock())
}

/// A pipeline over `downloader` in a fresh folder, handed to `body`; the folder is removed when
/// `body` ends, also when it throws.
public func withPipeline(
  over downloader: any ImageDownloading, isolation: isolated (any Actor)? = #isolation,
  _ body: (ImagePipeline) async throws -> Void
) async throws {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  try await body(makePipeline(directory, downloader: downloader))
}

/// A session without URLCache: the pipeline is the cache under test.
public func makeSession() -> URLSession { .uncached() }

/// A pipeline downloading over a real session. Its download deadlines and disk stamps are
/// measured on `clock`, a `TestClock` that stands still unless the test moves it, so no download
/// times out because the machine is busy.
public func makePipeline(
  _ directory: TemporaryDirectory,
  memoryCostLimit: Int = 64 << 20,
  diskByteLimit: Int = 64 << 20,
  decoder: any ImageDecoding = HeaderImageDecoder(),
  clock: any Clocking = TestClock()
) -> ImagePipeline {
  ImagePipeline(
    directory: directory.url, memoryCostLimit: memoryCostLimit, diskByteLimit: diskByteLimit,
    session: makeSession(), decoder: decoder, clock: clock)
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
