import Foundation

extension URL {
  /// The key a policy keeps its state under: host and port, lower-cased. Quotas and outages belong
  /// to a service, so a spent api.nasa.gov quota never blocks science.nasa.gov and vice versa.
  var policyKey: String {
    let host = (host ?? "").lowercased()
    return port.map { "\(host):\($0)" } ?? host
  }
}

extension URL {
  /// The address without its query or fragment, safe to show or log: the query of a v1 request
  /// carries the API key, which must never appear in a message.
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
