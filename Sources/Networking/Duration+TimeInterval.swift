import Foundation

extension Duration {
  /// The duration in seconds, for arithmetic with `Date` and `URLRequest.timeoutInterval`.
  var timeInterval: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
