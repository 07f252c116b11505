import Foundation

/// Proxies in front of NASA answer outages with HTML under a 200 or 5xx status, and a captive portal
/// answers anything with HTML; such a body must never reach a JSON decoder or a cache.
enum JSONSniffer {
  /// A declared JSON type is trusted once the first byte could start a JSON text (which catches an HTML
  /// page served under the wrong type); an undeclared type is parsed.
  static func isJSON(_ body: Data, contentType: String?) -> Bool {
    guard let first = firstSignificantByte(of: body) else { return false }
    if declaresJSON(contentType) {
      return jsonStartBytes.contains(first)
    }
    return (first == UInt8(ascii: "{") || first == UInt8(ascii: "[")) && parses(body)
  }

  static func declaresJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    let normalized = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
    return normalized == "application/json" || normalized == "text/json" || normalized.hasSuffix("+json")
  }

  static func parses(_ data: Data) -> Bool {
    (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
  }

  static func firstSignificantByte(of data: Data) -> UInt8? {
    let ignorable: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]
    return data.first { !ignorable.contains($0) }
  }

  private static let jsonStartBytes: Set<UInt8> = Set("{[\"-0123456789tfn".utf8)
}
