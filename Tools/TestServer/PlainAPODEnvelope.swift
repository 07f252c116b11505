import Foundation

/// A saved day's file (`JSONDiskCache`'s envelope around an `APOD`) read with plain fields and a
/// plain `JSONDecoder`, no cleaning and no rules: the floor a warm Today cannot go below
/// (`spacer-bench`'s `today_warm_limit_ms`). It restates `APOD`'s encoded fields on purpose, so
/// the floor decodes everything the app decodes; `PlainEnvelopeFieldTests` (NASATests) fails when
/// the two lists part.
public struct PlainAPODEnvelope: Decodable, Sendable {
  /// One `CreditRun`, plainly.
  public struct Run: Decodable, Sendable {
    public var text: String
    public var link: String?
    public var isEmphasized: Bool
  }

  /// `APOD`'s encoded fields, plainly.
  public struct Value: Decodable, Sendable {
    public var date: String
    public var title: String
    public var explanation: String
    public var mediaType: String
    public var url: String?
    public var hdurl: String?
    public var thumbnailURL: String?
    public var videoURL: String?
    public var copyright: String?
    public var credit: String?
    public var creditRuns: [Run]?
    public var copyrightRuns: [Run]?
    public var alt: String?
    public var pageURL: String
    public var source: String

    /// Listed so a test can compare them with `APOD`'s.
    public enum CodingKeys: String, CodingKey, CaseIterable {
      case date, title, explanation, mediaType, url, hdurl, thumbnailURL, videoURL, copyright, credit
      case creditRuns, copyrightRuns, alt, pageURL, source
    }
  }

  public var schema: Int
  public var savedAt: Date
  public var value: Value

  /// Reads a day file's bytes the way the floor measures it.
  public static func decode(_ data: Data) throws -> PlainAPODEnvelope {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return try decoder.decode(PlainAPODEnvelope.self, from: data)
  }
}
