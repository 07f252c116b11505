import Monetization

/// What Profile reads about the subscription: the current entitlement, and a re-check after the
/// manage-subscription sheet closed (the entitlement provider).
public protocol ProfileEntitlements: AnyObject {
  var entitlement: Entitlement { get }
  @discardableResult
  func refresh(_ trigger: SyncTrigger) async -> EntitlementDecision
}

/// Profile's Restore button: one restore at a time, with its outcome (the restore coordinator).
public protocol ProfileRestoring: AnyObject {
  var isRestoring: Bool { get }
  func restore() async -> RestoreOutcome
}

/// The running mode as Profile shows it: the one chosen, the one this launch runs in, and the
/// sentence that says a change applies on the next launch (the app's settings).
public protocol ProfileRunningModes: AnyObject {
  var pendingMode: RunningMode { get }
  var activeMode: RunningMode { get }
  var modeChangeNotice: String? { get }
}

extension EntitlementProvider: ProfileEntitlements {}
extension RestoreCoordinator: ProfileRestoring {}
extension AppSettings: ProfileRunningModes {}
