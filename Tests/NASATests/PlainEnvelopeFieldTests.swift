import Foundation
import NASA
import Networking
import TestServer
import TestSupport
import Testing

/// One APOD field list: the benchmark's floor (`PlainAPODEnvelope`) restates `APOD`'s encoded
/// fields so it decodes what the app decodes. This keeps the two lists equal, on a day file the
/// app's own cache wrote.
@Suite("The benchmark's plain envelope has every field of the APOD")
struct PlainEnvelopeFieldTests {
  @Test func thePlainFieldsAreTheDomainsEncodedFields() throws {
    let domain = try encodedKeys(of: APODFixtures.everyField)
    let plain = Set(PlainAPODEnvelope.Value.CodingKeys.allCases.map(\.stringValue))
    let (missing, extra) = (domain.subtracting(plain).sorted(), plain.subtracting(domain).sorted())
    #expect(plain == domain, "missing from PlainAPODEnvelope.Value: \(missing); not APOD's: \(extra)")
  }

  @Test func aDayFileTheCacheWroteDecodesPlainlyWithEveryField() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock())
    let apod = APODFixtures.everyField
    try await cache.save(apod, for: "apod-day-" + apod.date.iso)
    let envelope = try PlainAPODEnvelope.decode(
      Data(contentsOf: cache.fileURL(for: "apod-day-" + apod.date.iso)))
    #expect(envelope.savedAt == TestClock.referenceDate)
    #expect(envelope.value.date == apod.date.iso)
    #expect(envelope.value.title == apod.title)
    #expect(envelope.value.alt == apod.alt)
    #expect(envelope.value.creditRuns?.first?.link == "https://example.org/credit")
    #expect(envelope.value.copyrightRuns?.first?.text == "A Photographer")
  }

  /// The keys of `apod`'s own encoding (the cache's format), every optional set.
  private func encodedKeys(of apod: APOD) throws -> Set<String> {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(apod)) as? [String: Any]
    return Set(try #require(object).keys)
  }
}
