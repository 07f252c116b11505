import Basics
import Foundation
import ImageCache
import NASA
import Networking
import TestServer
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The APOD side of a journey's world, built from real parts: the demo NASA server
/// (`DemoServer`, FlyingFox on 127.0.0.1) answering both services with its sample data, a second
/// loopback server for the pictures, the app's own HTTP client, sources, repository, disk cache
/// and image pipeline over real `URLSession`s, in a temporary folder removed after the run.
///
/// Two things are the device's, not the server's, and are simulated here:
/// - the radio (`goOffline`): while offline every request fails before leaving the device, as
///   `URLSession` fails with `notConnectedToInternet` (the same `HTTPError.offline`);
/// - the scenario's clock: the server's "today" is the scenario's, and a slow server holds each
///   answer until the scenario's time has moved on by `slow` (`advanceTime`).
@MainActor
final class APODWorld {
  let directory: URL
  let repository: APODRepository
  let images: ImagePipeline
  let radio: DeviceRadio
  private let demo: DemoServer
  private let pictureServer: LoopbackServer
  private let setup: ScenarioAPODStart

  private init(
    directory: URL, repository: APODRepository, images: ImagePipeline, radio: DeviceRadio, demo: DemoServer,
    pictureServer: LoopbackServer, setup: ScenarioAPODStart
  ) {
    self.directory = directory
    self.repository = repository
    self.images = images
    self.radio = radio
    self.demo = demo
    self.pictureServer = pictureServer
    self.setup = setup
  }

  /// Starts both servers and builds the app's APOD stack over them; saves the days the device
  /// already holds (`saved`, `savedRecentDays`) through the same stack while online.
  static func start(
    _ setup: ScenarioAPODStart, world: ScenarioWorld, clock: any Clocking, online: Bool
  ) async throws -> APODWorld {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "spacer-journey-\(UUID().uuidString)", directoryHint: .isDirectory)
    let radio = DeviceRadio(online: true)
    let slowness = setup.slow
    let demo = DemoServer(
      misbehaviour: setup.wrongDay.map(DemoServer.Misbehaviour.alwaysAnswers), clock: clock,
      beforeAnswering: { [weak world] _ in
        guard let slowness, let world else { return }
        await world.holdAnswer(for: slowness, radio: radio)
      })
    let endpoints = try await demo.start()
    let pictureServer = LoopbackServer()
    let pictureBase = try await pictureServer.start()
    let missing = setup.missingPictures
    await pictureServer.route(prefix: "/") { request in
      let address =
        request.path + "?"
        + request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        .joined(separator: "&")
      if missing.contains(where: { address.contains($0) }) {
        return .html("<html><body>Not Found</body></html>", status: 404)
      }
      return .bytes(ImageFixtures.png(width: 64, height: 48), contentType: "image/png")
    }
    var configuration = APODServiceConfiguration(
      choice: setup.service, cacheDirectory: directory.appending(path: "apod"))
    configuration.v1BaseURL = endpoints.v1
    configuration.basicBaseURL = endpoints.apodBasic
    let client = RadioClient(
      inner: HTTPClient(makingSession: { APODServiceConfiguration.makeSession() }, clock: clock), radio: radio
    )
    let repository = APODRepository(
      source: configuration.makeSource(client: client, clock: clock),
      cache: JSONDiskCache(
        directory: configuration.cacheDirectory, schemaVersion: APODServiceConfiguration.cacheSchemaVersion,
        clock: clock),
      clock: clock)
    let images = ImagePipeline(
      directory: directory.appending(path: "images"),
      downloader: RadioImageDownloader(
        inner: URLSessionImageDownloader(session: Self.pictureSession()), server: pictureBase,
        radio: radio),
      decoder: HeaderImageDecoder(), clock: clock)
    let apod = APODWorld(
      directory: directory, repository: repository, images: images, radio: radio, demo: demo,
      pictureServer: pictureServer, setup: setup)
    do {
      try await apod.saveBeforeLaunch(clock: clock)
    } catch {
      await apod.stop()
      throw error
    }
    radio.setOnline(online)
    return apod
  }

  /// Stops both servers and removes the folder.
  func stop() async {
    await demo.stop()
    await pictureServer.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Requests the APOD server has received so far.
  func serverRequests() async -> Int { await demo.requestCount() }

  /// Picture requests the picture server has received so far.
  func pictureRequests() async -> Int { await pictureServer.requestCount() }

  /// Every held answer waits for the scenario's clock, and every request in flight is held: the
  /// app waits for the world, not for work in progress. (An answer held for a request whose
  /// caller went away counts too; it ends when the clock passes its time.)
  func isParked(now: Date) -> Bool { radio.isParked(now: now) }

  private func saveBeforeLaunch(clock: any Clocking) async throws {
    for day in setup.saved {
      do {
        _ = try await repository.apod(for: day)
      } catch {
        throw APODWorldError.notSaved(day.iso, error.message(now: clock.now))
      }
    }
    if let days = setup.savedRecentDays {
      do {
        _ = try await repository.explore(days: days, .automatic)
      } catch {
        throw APODWorldError.notSaved("the last \(days) days", error.message(now: clock.now))
      }
    }
  }

  /// A session for pictures with no URL cache: the pipeline's disk tier is the cache.
  private static func pictureSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }
}

/// Why the APOD world could not be set up as the scenario's `start.apod` asks.
enum APODWorldError: Error, CustomStringConvertible {
  case notSaved(String, String)

  var description: String {
    switch self {
    case .notSaved(let what, let why): "start.apod: could not save \(what) before the first frame: \(why)"
    }
  }
}

extension ScenarioWorld {
  /// A slow server's answer: held until the scenario's clock has moved on by `seconds`.
  func holdAnswer(for seconds: TimeInterval, radio: DeviceRadio) async {
    let id = radio.hold(until: time.deviceNow().addingTimeInterval(seconds))
    notify()
    try? await sleep(for: .milliseconds(Int64(seconds * 1000)))
    radio.release(id)
    notify()
  }
}

/// The device's radio and the requests in flight through it. Any thread.
final class DeviceRadio: Sendable {
  private struct State {
    var online: Bool
    var inFlight = 0
    /// The answers a slow server holds, with the time each is released at.
    var holds: [Int: Date] = [:]
    var nextHold = 0
  }

  private let state: Locked<State>

  init(online: Bool) { state = Locked(State(online: online)) }

  var isOnline: Bool { state.withLock { $0.online } }
  func setOnline(_ online: Bool) { state.withLock { $0.online = online } }

  /// A request left the device (+1) or came back (-1).
  func inFlight(_ change: Int) { state.withLock { $0.inFlight += change } }
  /// A slow server holds an answer until `release`.
  func hold(until release: Date) -> Int {
    state.withLock {
      $0.nextHold += 1
      $0.holds[$0.nextHold] = release
      return $0.nextHold
    }
  }

  func release(_ id: Int) { _ = state.withLock { $0.holds.removeValue(forKey: id) } }

  /// Every request in flight is held by the server, and none of the holds is due at `now`.
  /// (A hold's release lands a moment after the clock passes it: it is not counted from then.)
  func isParked(now: Date) -> Bool {
    state.withLock { state in
      let holding = state.holds.values.filter { $0 > now }.count
      return state.inFlight > 0 && state.inFlight <= holding
    }
  }
}

/// The app's HTTP client behind the device's radio: offline, nothing leaves the device.
struct RadioClient: HTTPClienting {
  let inner: HTTPClient
  let radio: DeviceRadio

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    guard radio.isOnline else { throw .offline }
    radio.inFlight(+1)
    defer { radio.inFlight(-1) }
    return try await inner.send(request)
  }
}

/// The app's image downloader behind the device's radio. Every picture host is served by the
/// picture server: `https://apod.nasa.gov/apod/image/x.jpg` is fetched from
/// `http://127.0.0.1:PORT/apod.nasa.gov/apod/image/x.jpg`, through the app's real transport.
struct RadioImageDownloader: ImageDownloading {
  let inner: URLSessionImageDownloader
  let server: URL
  let radio: DeviceRadio

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    guard radio.isOnline else { throw .http(.offline) }
    guard var components = URLComponents(url: server, resolvingAgainstBaseURL: false) else {
      throw .unsupportedURL(url.absoluteString)
    }
    components.path = "/" + (url.host ?? "unknown-host") + url.path
    components.percentEncodedQuery =
      URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
    guard let local = components.url else { throw .unsupportedURL(url.absoluteString) }
    radio.inFlight(+1)
    defer { radio.inFlight(-1) }
    return try await inner.download(local)
  }
}
