import Foundation
import NASA
import TestSupport
import Testing

@testable import spacer

/// One APOD field list: the CLI's `--json` record (`APODRecord`) is a stable shape of its own, so
/// it restates the APOD's fields under its own names. This says where each field of `APOD`'s
/// encoding shows in it, and fails when the domain gains a field the record does not carry, or
/// the record drops one.
@Suite("The CLI's JSON record carries every field of the APOD")
struct APODRecordFieldTests {
  /// Each field of `APOD`'s encoding and the record key that carries it.
  static let carriedBy: [String: String] = [
    "date": "date", "title": "title", "explanation": "explanation", "mediaType": "mediaType",
    // The services' raw addresses show as the per-service rules read them (`APOD.imageURL`,
    // `hdImageURL`, `videoURL`), as on screen.
    "url": "imageURL", "thumbnailURL": "imageURL", "hdurl": "hdImageURL", "videoURL": "videoURL",
    "copyright": "copyright", "credit": "credit",
    // The linked words of both credit lines, in reading order.
    "creditRuns": "creditLinks", "copyrightRuns": "creditLinks",
    "alt": "alt", "pageURL": "pageURL", "source": "source",
  ]
  /// What the record says about the answer rather than the picture.
  static let aboutTheAnswer: Set<String> = ["freshness", "notice", "cachedAt"]

  @Test func everyFieldOfTheAPODHasItsPlaceInTheRecord() throws {
    let domain = try keys(of: JSONEncoder().encode(APODFixtures.everyField))
    let mapped = Set(Self.carriedBy.keys)
    let (unplaced, gone) = (domain.subtracting(mapped).sorted(), mapped.subtracting(domain).sorted())
    #expect(
      domain == mapped, "APOD fields with no place in the record: \(unplaced); no longer APOD's: \(gone)")
  }

  @Test func theRecordCarriesEveryFieldAndNothingElse() throws {
    let data = try JSONEncoder().encode(APODRecord(APODFixtures.everyField, cachedAt: nil))
    let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for (field, key) in Self.carriedBy.sorted(by: { $0.key < $1.key }) {
      let value = record[key]
      #expect(
        value != nil && !(value is NSNull),
        "APOD.\(field) goes in `\(key)`, which the record lacks or leaves null")
    }
    #expect((record["creditLinks"] as? [Any])?.count == 2, "both credit lines' links")
    let expected = Set(Self.carriedBy.values).union(Self.aboutTheAnswer)
    #expect(
      Set(record.keys) == expected,
      "record keys that restate no APOD field: \(Set(record.keys).subtracting(expected).sorted())")
  }

  private func keys(of data: Data) throws -> Set<String> {
    Set(try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys)
  }
}
