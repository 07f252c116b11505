import Foundation

extension URL {
  /// The key a policy keeps its state under: host and port, lower-cased. Quotas and outages belong
  /// to a service, so a spent api.nasa.gov quota never blocks science.nasa.gov and vice versa.
  var policyKey: String {
    let host = (host ?? "").lowercased()
    return port.map { "\(host):\($0)" } ?? host
  }
}
