import Foundation
import NASA
import TestServer
import TestSupport
import Testing

@Suite("CLI: the legacy address answering with the feed's page", .serialized)
struct LegacyAddressCLITests {
  /// v1 answers every request with the feed's newest page (the demo server's `feedsPage`: 25
  /// apod-basic records ending on `cliToday`), as it may after the migration. `explore`
  /// asks 30 days: the 5 oldest were not received, which is not "NASA has no picture for them".
  @Test func exploreSaysTheDaysTheListLackedWereNotReceivedAndSavesThemPlain() async throws {
    let cache = CacheFolder()
    let server = DemoServer(legacy: .feedsPage, clock: TestClock(cliNow))
    let url = try await server.start().v1.absoluteString
    let result = try await runSpacer(
      ["explore", "--source", "v1", "--base-url", url, "--json"], cacheDirectory: cache.url)
    await server.stop()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("5 of the 30 days asked for were not received"), "\(result.stderr)")
    #expect(!result.stderr.contains("NASA has no picture"), "\(result.stderr)")
    let printed = try printedArray(result.stdout)
    #expect(printed.count == 25)
    for record in printed {
      #expect((record["copyright"] as? String) == "Spacer Sample Team", "\(record["date"] ?? "")")
      #expect((record["pageURL"] as? String)?.hasPrefix("https://science.nasa.gov/image-article/") == true)
    }
  }
}
