import Foundation

public enum GrandfatheringStatus: Sendable, Equatable {
  case notApplicable
  case grandfathered
  case notGrandfathered
  /// `AppTransaction` could not be read or did not verify: "unknown", never "not grandfathered".
  case unknown
}

/// The grandfathering rule: buyers of the paid app, by the original build number in a verified
/// production `AppTransaction`, keep Premium.
public struct GrandfatheringPolicy: Sendable, Equatable {
  public var cutoffBuild: String
  /// Debug-only override of the result (the sandbox always reports "1.0").
  public var debugOverride: Bool?

  public init(cutoffBuild: String, debugOverride: Bool? = nil) {
    self.cutoffBuild = cutoffBuild
    self.debugOverride = debugOverride
  }

  public func status(
    for appTransaction: Result<VerificationResultSnapshot<AppTransactionSnapshot>, StoreReadError>
  ) -> GrandfatheringStatus {
    if let debugOverride { return debugOverride ? .grandfathered : .notGrandfathered }
    guard case .success(let result) = appTransaction else { return .unknown }
    // An invalid signature proves nothing either way: inconclusive, like a failed read.
    guard case .verified(let transaction) = result else { return .unknown }
    // The sandbox (and so TestFlight) always reports "1.0": never grandfather there.
    guard transaction.environment == .production else { return .notGrandfathered }
    guard let original = BuildNumber(transaction.originalAppVersion), let cutoff = BuildNumber(cutoffBuild)
    else { return .notGrandfathered }
    return original < cutoff ? .grandfathered : .notGrandfathered
  }
}

/// A `CFBundleVersion` compared numerically component by component ("2" < "13", "1.10" > "1.9").
public struct BuildNumber: Sendable, Comparable, CustomStringConvertible {
  public let components: [Int]

  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    var components: [Int] = []
    for part in parts {
      guard let value = Int(part), value >= 0 else { return nil }
      components.append(value)
    }
    guard !components.isEmpty else { return nil }
    self.components = components
  }

  public static func < (lhs: BuildNumber, rhs: BuildNumber) -> Bool {
    let count = max(lhs.components.count, rhs.components.count)
    for index in 0..<count {
      let left = index < lhs.components.count ? lhs.components[index] : 0
      let right = index < rhs.components.count ? rhs.components[index] : 0
      if left != right { return left < right }
    }
    return false
  }

  public static func == (lhs: BuildNumber, rhs: BuildNumber) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

  public var description: String { components.map(String.init).joined(separator: ".") }
}
