import Foundation

/// Decides whether a response body is JSON, from its `Content-Type` or, failing that, its bytes.
///
/// Proxies in front of NASA answer outages with HTML pages under a 200 or 5xx status, and a
/// captive portal answers anything with HTML; such a body must never reach a JSON decoder or a cache.
enum JSONSniffer {
  /// Whether `body` may be handed to a JSON decoder.
  ///
  /// A declared JSON content type is trusted once the first byte could start a JSON text (cheap,
  /// and it catches an HTML page served under the wrong type); an undeclared type is parsed.
  static func isJSON(_ body: Data, contentType: String?) -> Bool {
    guard let first = firstSignificantByte(of: body) else { return false }
    if declaresJSON(contentType) {
      return jsonStartBytes.contains(first)
    }
    return (first == UInt8(ascii: "{") || first == UInt8(ascii: "[")) && parses(body)
  }

  /// `application/json`, `text/json` and any `…+json` type, parameters ignored.
  static func declaresJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    let normalized = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
    return normalized == "application/json" || normalized == "text/json" || normalized.hasSuffix("+json")
  }

  /// Whether `data` is a complete JSON text (fragments allowed).
  static func parses(_ data: Data) -> Bool {
    (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
  }

  /// The first byte that is not whitespace or a UTF-8 byte-order mark, or nil for a blank body.
  static func firstSignificantByte(of data: Data) -> UInt8? {
    let ignorable: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]
    return data.first { !ignorable.contains($0) }
  }

  /// Bytes a JSON text can begin with: object, array, string, number, true, false, null.
  private static let jsonStartBytes: Set<UInt8> = Set("{[\"-0123456789tfn".utf8)
}
