import ArgumentParser
import Basics
import Foundation
import NASA
import TestServer
import TestSupport

struct APODOptions: ParsableArguments {
  @Flag(help: "Print JSON (one object per APOD; an array for explore).")
  var json = false

  @Option(
    help:
      "Which service to use: v1, basic (science.nasa.gov apod-basic) or auto (basic, with v1 as the fallback until 2026-12-01)."
  )
  var source: APODSourceChoice = .auto

  @Option(help: "api.nasa.gov key for v1 (default: $NASA_API_KEY, else DEMO_KEY).")
  var apiKey: String?

  @Option(help: "Cache directory (default: spacer/apod in the user's cache folder).")
  var cacheDir: String?

  @Option(help: "v1 endpoint, for a local server (default: https://api.nasa.gov/planetary/apod).")
  var baseURL: String?

  @Option(help: "apod-basic endpoint (default: https://science.nasa.gov/wp-json/wp/v2/apod-basic).")
  var basicBaseURL: String?

  @Flag(help: "Use the cache only; never touch the network.")
  var offline = false

  @Flag(help: "Serve labelled sample data from a local server instead of NASA (no internet needed).")
  var demo = false

  func validate() throws {
    for (name, value) in [("--base-url", baseURL), ("--basic-base-url", basicBaseURL)] {
      guard let value else { continue }
      guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host != nil
      else {
        throw ValidationError("\(name) must be an http(s) URL such as https://api.nasa.gov/planetary/apod.")
      }
    }
    if demo, baseURL != nil || basicBaseURL != nil {
      throw ValidationError("--demo runs its own local server; drop --base-url and --basic-base-url.")
    }
    if let cacheDir { try Self.checkCacheDirectory(cacheDir) }
    do {
      _ = try CommandClock.current()
    } catch {
      throw ValidationError(error.description)
    }
  }

  var clock: any Clocking { CommandClock.validated }

  /// A `YYYY-MM-DD` argument: 1995-06-16 … today (US Eastern), or any day from 1995-06-16 on a
  /// clock before it (a saved day is shown).
  func day(_ text: String) throws -> APODDay {
    do {
      return try APODDay.parse(text, now: clock.now)
    } catch {
      throw ValidationError(error.message)
    }
  }

  static func checkRefresh(_ refresh: Bool, offline: Bool) throws {
    guard refresh, offline else { return }
    throw ValidationError("--refresh asks the service and --offline forbids it: give one of them.")
  }

  /// A folder that cannot be created or written is no usage error: the command reads what it can and
  /// says that nothing will be saved.
  static func checkCacheDirectory(_ path: String) throws {
    guard !path.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ValidationError("--cache-dir is empty: give a folder, or leave the option out for the default.")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw ValidationError("--cache-dir \(path) is a file, not a folder.")
    }
  }

  static func unwritableReason(of folder: URL) -> String? {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue
    {
      return "it is a file, not a folder"
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      return "it cannot be created (\(Self.reason(error)))"
    }
    let probe = folder.appending(path: ".spacer-write-check-\(UUID().uuidString)")
    do {
      try Data().write(to: probe)
      try? FileManager.default.removeItem(at: probe)
      return nil
    } catch {
      return "it cannot be written (\(Self.reason(error)))"
    }
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    return nsError.localizedDescription.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
  }

  /// So that messages never blame NASA for a server it is not.
  var customHosts: [String] {
    [baseURL, basicBaseURL].compactMap { text in
      text.flatMap(URL.init(string:)).flatMap { url in
        url.host.map { host in url.port.map { "\(host):\($0)" } ?? host }
      }
    }
  }

  /// Used to say that --demo keeps a cache of its own.
  var otherModeCacheDirectory: URL? {
    guard cacheDir == nil else { return nil }
    return Self.defaultCacheDirectory(demo: !demo)
  }

  func context(day: APODDay?) -> Console.Context {
    Console.Context(
      day: day, customHosts: customHosts, otherModeCache: otherModeCacheDirectory, demo: demo, clock: clock)
  }

  var policy: FetchPolicy { offline ? .cacheOnly : .automatic }

  func withRepository<T>(
    _ body: (APODRepository, _ now: Date) async throws -> T
  ) async throws -> T {
    let environment = ProcessInfo.processInfo.environment
    let folder = cacheDirectory()
    if let why = Self.unwritableReason(of: folder) {
      // Said once, before anything runs; reading what is there still works.
      Console.note("nothing will be saved: the cache folder \(folder.path) \(why).")
    }
    var configuration = APODServiceConfiguration(
      choice: source,
      apiKey: apiKey ?? environment["NASA_API_KEY"],
      cacheDirectory: folder)
    if let baseURL { configuration.v1BaseURL = URL(string: baseURL) ?? configuration.v1BaseURL }
    if let basicBaseURL {
      configuration.basicBaseURL = URL(string: basicBaseURL) ?? configuration.basicBaseURL
    }
    let clock = clock
    guard demo else {
      return try await Self.run(body, with: configuration.makeRepository(clock: clock), clock: clock)
    }
    let server = DemoServer(clock: clock)
    let endpoints = try await server.start()
    configuration.v1BaseURL = endpoints.v1
    configuration.basicBaseURL = endpoints.apodBasic
    Console.note("demo mode: SAMPLE DATA from a local server on 127.0.0.1, not real NASA pictures.")
    do {
      let result = try await Self.run(body, with: configuration.makeRepository(clock: clock), clock: clock)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  private static func run<T>(
    _ body: (APODRepository, _ now: Date) async throws -> T, with repository: APODRepository,
    clock: any Clocking
  ) async throws -> T {
    let result: Result<T, any Error>
    do {
      result = .success(try await body(repository, clock.now))
    } catch {
      result = .failure(error)
    }
    for unreadable in await repository.takeUnreadableSavedDays() {
      Console.note(Self.note(for: unreadable))
    }
    return try result.get()
  }

  static func note(for unreadable: UnreadableSavedDay) -> String {
    let day = unreadable.day.iso
    let again = "it is fetched again when the network is used."
    switch unreadable.reason {
    case .damaged:
      return "the saved copy of \(day) could not be read (it is damaged) and was removed; \(again)"
    case .olderVersion:
      return "the saved copy of \(day) was saved by an older version of Spacer and was removed; \(again)"
    case .newerVersion:
      return "the saved copy of \(day) was saved by a newer version of Spacer: it was kept, and this "
        + "version cannot read it."
    case .unreadableValue:
      return "the saved copy of \(day) could not be read as a day's picture: it was kept until a "
        + "fetch replaces it."
    case .anotherDay(let held):
      let other = held.map { " (\($0.iso))" } ?? ""
      return "the saved copy of \(day) held another day\(other) and was removed; \(again)"
    }
  }

  /// Demo data gets a folder of its own, so sample pictures never mix with real ones.
  func cacheDirectory() -> URL {
    if let cacheDir {
      return URL(fileURLWithPath: cacheDir, isDirectory: true)
    }
    return Self.defaultCacheDirectory(demo: demo)
  }

  private static func defaultCacheDirectory(demo: Bool) -> URL {
    let caches =
      FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return caches.appending(path: "spacer/\(demo ? "apod-demo" : "apod")", directoryHint: .isDirectory)
  }
}

extension APODSourceChoice: ExpressibleByArgument {}
