import Foundation

extension URL {
  /// Quotas and outages belong to a service: a spent api.nasa.gov quota never blocks science.nasa.gov.
  var policyKey: String {
    let host = (host ?? "").lowercased()
    return port.map { "\(host):\($0)" } ?? host
  }
}

extension URL {
  /// The query of a v1 request carries the API key, which must never appear in a message.
  var redactedForDisplay: String {
    guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else {
      return host ?? ""
    }
    components.query = nil
    components.fragment = nil
    components.user = nil
    components.password = nil
    return components.string ?? host ?? ""
  }
}
