import ArgumentParser
import Foundation
import NASA
import TestServer
import TestSupport

/// Options shared by `today`, `show` and `explore`.
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
  }

  /// A `--cache-dir` must be a folder Spacer can create and write, checked before anything runs,
  /// so a bad path is a usage error rather than a cache that silently never saves (or files
  /// written to the current directory).
  static func checkCacheDirectory(_ path: String) throws {
    guard !path.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ValidationError("--cache-dir is empty: give a folder, or leave the option out for the default.")
    }
    let folder = URL(fileURLWithPath: path, isDirectory: true)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue
    {
      throw ValidationError("--cache-dir \(path) is a file, not a folder.")
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let probe = folder.appending(path: ".spacer-write-check-\(UUID().uuidString)")
      try Data().write(to: probe)
      try FileManager.default.removeItem(at: probe)
    } catch {
      throw ValidationError("--cache-dir \(path) cannot be created or written to.")
    }
  }

  /// Hosts the person chose with --base-url / --basic-base-url, for messages that must not
  /// blame NASA for a server it is not.
  var customHosts: [String] {
    [baseURL, basicBaseURL].compactMap { text in
      text.flatMap(URL.init(string:)).flatMap { url in
        url.host.map { host in url.port.map { "\(host):\($0)" } ?? host }
      }
    }
  }

  /// The default cache folder of the other mode (the demo's for a real run, and the reverse),
  /// when no --cache-dir was given: used to say that --demo keeps a cache of its own.
  var otherModeCacheDirectory: URL? {
    guard cacheDir == nil else { return nil }
    return Self.defaultCacheDirectory(demo: !demo)
  }

  /// What failure messages may name.
  func context(day: APODDay?) -> Console.Context {
    Console.Context(day: day, customHosts: customHosts, otherModeCache: otherModeCacheDirectory, demo: demo)
  }

  /// How repository calls may use the network.
  var policy: FetchPolicy { offline ? .cacheOnly : .automatic }

  /// Builds the repository (starting the demo server when asked) and runs `body` with it.
  func withRepository<T>(
    _ body: (APODRepository, _ now: Date) async throws -> T
  ) async throws -> T {
    let environment = ProcessInfo.processInfo.environment
    var configuration = APODServiceConfiguration(
      choice: source,
      apiKey: apiKey ?? environment["NASA_API_KEY"],
      cacheDirectory: cacheDirectory())
    if let baseURL { configuration.v1BaseURL = URL(string: baseURL) ?? configuration.v1BaseURL }
    if let basicBaseURL {
      configuration.basicBaseURL = URL(string: basicBaseURL) ?? configuration.basicBaseURL
    }
    guard demo else {
      return try await Self.run(body, with: configuration.makeRepository())
    }
    let server = DemoServer()
    let endpoints = try await server.start()
    configuration.v1BaseURL = endpoints.v1
    configuration.basicBaseURL = endpoints.apodBasic
    Console.note("demo mode: SAMPLE DATA from a local server on 127.0.0.1, not real NASA pictures.")
    do {
      let result = try await Self.run(body, with: configuration.makeRepository())
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  /// Runs `body`, then says which saved days could not be read, whatever the outcome.
  private static func run<T>(
    _ body: (APODRepository, _ now: Date) async throws -> T, with repository: APODRepository
  ) async throws -> T {
    let result: Result<T, any Error>
    do {
      result = .success(try await body(repository, Date()))
    } catch {
      result = .failure(error)
    }
    for day in await repository.takeUnreadableSavedDays() {
      Console.note(
        "the saved copy of \(day.iso) could not be read (damaged, or from another version) and was "
          + "removed; it is fetched again when the network is used.")
    }
    return try result.get()
  }

  /// `--cache-dir` as given, else the platform cache folder; demo data gets a folder of its own
  /// there so sample pictures never mix with real ones.
  private func cacheDirectory() -> URL {
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
