import Basics
import Foundation
import ImageCache
import NASA
import Networking
import TestServer
import TestSupport
import WidgetCore

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
  /// The app's picture downloads (through the radio to the picture server), for Share and Save to
  /// Photos' `PictureDownload`.
  let pictureDownloader: any ImageDownloading
  /// The device's photo library (Save to Photos adds to it).
  let photos = PhotoLibraryDouble()
  let setup: ScenarioAPODStart
  /// The widget's process: its own repository over the app's folder, the loader the widget uses.
  let widget: WidgetTimelineLoader
  let widgetShelf: WidgetShelfStore
  private let demo: DemoServer
  /// How long the server holds each answer (nil: it answers at once).
  private let slowness: Locked<TimeInterval?>
  private let pictureServer: LoopbackServer

  private init(
    directory: URL, repository: APODRepository, widget: WidgetTimelineLoader, images: ImagePipeline,
    pictureDownloader: any ImageDownloading,
    radio: DeviceRadio, demo: DemoServer, slowness: Locked<TimeInterval?>, pictureServer: LoopbackServer,
    setup: ScenarioAPODStart
  ) {
    self.directory = directory
    self.repository = repository
    self.widget = widget
    widgetShelf = WidgetShelfStore(directory: directory.appending(path: "widget-shelf"))
    self.images = images
    self.pictureDownloader = pictureDownloader
    self.radio = radio
    self.demo = demo
    self.slowness = slowness
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
    let slowness = Locked(setup.slow)
    let demo = DemoServer(
      misbehaviour: setup.wrongDay.map(DemoServer.Misbehaviour.alwaysAnswers), legacy: setup.legacyAnswers,
      clock: clock,
      beforeAnswering: { [weak world] request in
        guard let slowness = slowness.withLock({ $0 }), let world else { return }
        await world.holdAnswer(
          for: slowness, radio: radio,
          request: request.headers[DeviceRadio.requestHeader.lowercased()].flatMap { Int($0) })
      })
    let endpoints = try await demo.start()
    let pictureServer = LoopbackServer()
    let pictureBase = try await pictureServer.start()
    let (missing, held, hold) = (setup.missingPictures, setup.heldPictures, Self.pictureHold)
    await pictureServer.route(prefix: "/") { [weak world] request in
      let address =
        request.path + "?"
        + request.query.filter { $0.key != DeviceRadio.requestQueryItem }.sorted { $0.key < $1.key }
        .map { "\($0.key)=\($0.value)" }.joined(separator: "&")
      if missing.contains(where: { address.contains($0) }) {
        return .html("<html><body>Not Found</body></html>", status: 404)
      }
      if held.contains(where: { address.contains($0) }), let world {
        await world.holdAnswer(
          for: hold, radio: radio,
          request: request.query[DeviceRadio.requestQueryItem].flatMap { Int($0) })
      }
      return .bytes(ImageFixtures.png(width: 64, height: 48), contentType: "image/png")
    }
    var configuration = APODServiceConfiguration(
      choice: setup.service, cacheDirectory: directory.appending(path: "apod"))
    configuration.v1BaseURL = endpoints.v1
    configuration.basicBaseURL = endpoints.apodBasic
    let repository = {
      let client = RadioClient(
        inner: HTTPClient(makingSession: { APODServiceConfiguration.makeSession() }, clock: clock),
        radio: radio)
      return APODRepository(
        source: configuration.makeSource(client: client, clock: clock),
        cache: APODServiceConfiguration.dayCache(directory: configuration.cacheDirectory, clock: clock),
        clock: clock)
    }
    // As WidgetEnvironment: the widget's attempts beside the days, under their own key.
    let attempts = JSONDiskCache(
      directory: configuration.cacheDirectory, schemaVersion: APODServiceConfiguration.cacheSchemaVersion,
      clock: clock)
    let downloader = RadioImageDownloader(
      inner: URLSessionImageDownloader(session: .uncached(), clock: clock), server: pictureBase,
      radio: radio)
    let images = ImagePipeline(
      directory: directory.appending(path: "images"), downloader: downloader, decoder: HeaderImageDecoder(),
      clock: clock)
    let apod = APODWorld(
      directory: directory, repository: repository(),
      widget: WidgetTimelineLoader(repository: repository(), attempts: attempts, clock: clock),
      images: images,
      pictureDownloader: downloader,
      radio: radio, demo: demo, slowness: slowness, pictureServer: pictureServer, setup: setup)
    do {
      try await apod.saveBeforeLaunch(clock: clock)
    } catch {
      await apod.stop()
      throw error
    }
    radio.setOnline(online)
    return apod
  }

  /// How long the picture server holds a picture of `heldPictures`, in the scenario's time: five
  /// minutes, far past the app's 60 s image deadline, so the app gives up first (on its clock,
  /// the scenario's).
  static let pictureHold: TimeInterval = 300

  /// Stops both servers and removes the folder.
  func stop() async {
    await demo.stop()
    await pictureServer.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// From the next request on (one already held keeps its hold).
  func setServer(_ behaviour: ServerBehaviour) async {
    slowness.withLock { $0 = if case .slow(let seconds) = behaviour { seconds } else { nil } }
    switch behaviour {
    case .normal, .slow: await demo.misbehave(nil)
    case .rateLimited(let seconds): await demo.misbehave(.rateLimited(retryAfter: seconds))
    case .wrongDay(let day): await demo.misbehave(.alwaysAnswers(day))
    case .unavailable: await demo.misbehave(.unavailable)
    }
  }

  /// Requests the APOD server has received so far.
  func serverRequests() async -> Int { await demo.requestCount() }

  /// Picture requests the picture server has received so far.
  func pictureRequests() async -> Int { await pictureServer.requestCount() }

  /// Every request in flight has its answer held by the slow server until the scenario's clock
  /// moves: the app waits for the world, not for work in progress. (An answer still held for a
  /// request whose caller went away stands for no request: a newer request on its way to the
  /// server is work in progress.)
  func isParked(now: Date, backingOff: Set<Int>, timed: Set<Int>) -> Bool {
    radio.isParked(now: now, backingOff: backingOff, timed: timed)
  }

  func hasAnswers(for work: Int) -> Bool { radio.hasAnswers(for: work) }

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
  /// A slow server's answer to request number `request` (nil: a request without a number):
  /// held until the scenario's clock has moved on by `seconds`.
  func holdAnswer(for seconds: TimeInterval, radio: DeviceRadio, request: Int?) async {
    let id = radio.hold(request: request, until: time.deviceNow().addingTimeInterval(seconds))
    notify()
    try? await sleep(for: .milliseconds(Int64(seconds * 1000)))
    radio.release(id)
    notify()
  }
}

/// The tracked work (`ScenarioSession.track`) a task runs for: the tasks it starts inherit it, so
/// a request or a wait on the clock is known to be that work's.
enum JourneyWork {
  @TaskLocal static var current: Int?
}

/// The device's radio and the requests in flight through it. Any thread.
///
/// Each request that leaves the device is numbered (`requestHeader`), so a held answer is known
/// to be the answer to a request still waiting: a request whose caller went away (a view's task
/// cancelled) leaves the device's count at once, while the server may go on holding its answer;
/// that hold must not be mistaken for the hold of a newer request not yet received.
final class DeviceRadio: Sendable {
  /// The header carrying a request's number to the server (read by the slow server's hold).
  static let requestHeader = "X-Spacer-Journey-Request"
  /// The query item carrying a picture request's number to the picture server (the image
  /// downloader sends no headers of its own); the server leaves it out of the picture's address.
  static let requestQueryItem = "journey-request"

  private struct State {
    var online: Bool
    /// The requests that left the device and have not come back, by number.
    var inFlight: Set<Int> = []
    var nextRequest = 0
    /// The answers a slow server holds: the request held (nil: a request without a number) and
    /// the time it is released at.
    var holds: [Int: (request: Int?, release: Date)] = [:]
    var nextHold = 0
    /// Requests in flight whose own wait on the device's clock has ended (the deadline passed):
    /// the app is acting on them, whatever the server still holds.
    var woken: Set<Int> = []
    /// The tracked work (`JourneyWork`) that sent each request in flight.
    var work: [Int: Int] = [:]
    /// Tracked work that has sent a request.
    var sendingWork: Set<Int> = []
  }

  /// A request on its way through a radio: the task sending it (and its child tasks, such as the
  /// transport's deadline) knows it as `DeviceRadio.sending`.
  struct SendingRequest: Sendable {
    let radio: DeviceRadio
    let number: Int
    /// The task sending it: a wait that task begins itself is a backoff between attempts (nothing
    /// is on its way then); a wait of a child task is an attempt's deadline.
    let sender: Int?

    /// Whether the current task is the one sending this request.
    var isSenderRunning: Bool { sender != nil && withUnsafeCurrentTask { $0?.hashValue } == sender }

    /// A wait this request's sender began on the device's clock has ended.
    func wake() { radio.woke(number) }
  }

  /// The request the current task is sending, if any: a wait on the device's clock begun while
  /// sending it belongs to it (`ScenarioWorld.sleep`).
  @TaskLocal static var sending: SendingRequest?

  private let state: Locked<State>

  init(online: Bool) { state = Locked(State(online: online)) }

  var isOnline: Bool { state.withLock { $0.online } }
  func setOnline(_ online: Bool) { state.withLock { $0.online = online } }

  /// Sends a request through the radio: `send` gets its number. It counts as in flight until it
  /// comes back, or until its caller cancels it: the app no longer waits for it then, whatever
  /// the transfer does next (URLSession on Linux may report the cancellation only once the
  /// server answers; on iOS it ends at once).
  func carry<Value, Failure: Error>(
    _ send: (Int) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let work = JourneyWork.current
    let number = state.withLock {
      $0.nextRequest += 1
      $0.inFlight.insert($0.nextRequest)
      if let work {
        $0.work[$0.nextRequest] = work
        $0.sendingWork.insert(work)
      }
      return $0.nextRequest
    }
    defer { returned(number) }
    let result: Result<Value, Failure> = await withTaskCancellationHandler {
      let sender = withUnsafeCurrentTask { $0?.hashValue }
      return await Self.$sending.withValue(SendingRequest(radio: self, number: number, sender: sender)) {
        do throws(Failure) {
          return .success(try await send(number))
        } catch {
          return .failure(error)
        }
      }
    } onCancel: {
      returned(number)
    }
    return try result.get()
  }

  /// Request `number` came back (answered, failed or cancelled).
  private func returned(_ number: Int) {
    state.withLock {
      $0.inFlight.remove(number)
      $0.woken.remove(number)
      $0.work[number] = nil
    }
  }

  /// Tracked work `work` has sent requests, and none is on its way now: it is acting on an answer
  /// (or on a failure) unless it waits on the clock. A step that ended then could end between a
  /// save's last answer and its message, however parked the other requests are.
  func hasAnswers(for work: Int) -> Bool {
    state.withLock { $0.sendingWork.contains(work) && !$0.work.values.contains(work) }
  }

  /// A wait request `number`'s sender began on the device's clock has ended (its deadline): it
  /// no longer waits for the world, whatever the server holds.
  fileprivate func woke(_ number: Int) {
    state.withLock {
      guard $0.inFlight.contains(number) else { return }
      $0.woken.insert(number)
    }
  }

  /// A slow server holds the answer to `request` until `release`. A request whose deadline had
  /// passed is here again (the client's next attempt): it waits for the world once more.
  func hold(request: Int?, until release: Date) -> Int {
    state.withLock {
      if let request { $0.woken.remove(request) }
      $0.nextHold += 1
      $0.holds[$0.nextHold] = (request, release)
      return $0.nextHold
    }
  }

  func release(_ id: Int) { _ = state.withLock { $0.holds.removeValue(forKey: id) } }

  /// Some request is in flight, and the server holds the answer of every one of them, none due
  /// at `now`, and none whose own deadline has passed. (A hold's release lands a moment after the
  /// clock passes it, and a passed deadline a moment after the clock wakes it: neither is counted
  /// from then.)
  /// `backingOff`: requests whose sender waits on the device's clock before its next attempt.
  /// `timed`: requests whose deadline already waits on the device's clock; a held request is
  /// parked only then.
  func isParked(now: Date, backingOff: Set<Int>, timed: Set<Int>) -> Bool {
    state.withLock { state in
      let held = Set(state.holds.values.filter { $0.release > now }.compactMap(\.request))
        .subtracting(state.woken).intersection(timed)
      return !state.inFlight.isEmpty && state.inFlight.isSubset(of: held.union(backingOff))
    }
  }
}

/// The device's photo library: what Save to Photos added. Any thread.
final class PhotoLibraryDouble: Sendable {
  private let added = Locked<[Data]>([])

  func add(_ data: Data) { added.withLock { $0.append(data) } }

  /// Pictures added so far.
  var count: Int { added.withLock { $0.count } }
}

/// The app's HTTP client behind the device's radio: offline, nothing leaves the device.
struct RadioClient: HTTPClienting {
  let inner: HTTPClient
  let radio: DeviceRadio

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    guard radio.isOnline else { throw .offline }
    var numbered = request
    return try await radio.carry { number async throws(HTTPError) in
      numbered.headers[DeviceRadio.requestHeader] = "\(number)"
      return try await inner.send(numbered)
    }
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
    return try await radio.carry { number async throws(ImagePipelineError) in
      var numbered = components
      numbered.percentEncodedQuery = [
        components.percentEncodedQuery, "\(DeviceRadio.requestQueryItem)=\(number)",
      ]
      .compactMap { $0 }.joined(separator: "&")
      guard let local = numbered.url else { throw .unsupportedURL(url.absoluteString) }
      return try await inner.download(local)
    }
  }
}
