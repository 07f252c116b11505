/// Purchasely reads its running mode once, at start (`PLYRunningMode`); the adapter maps the cases
/// explicitly because the SDK's default changed between v5 and v6.
public enum RunningMode: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
  case full
  case observer

  public static let whenNoneStored: RunningMode = .full

  public var description: String { rawValue }
}
