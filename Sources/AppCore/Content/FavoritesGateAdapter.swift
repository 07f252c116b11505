import Favorites
import Monetization

/// Gives the Favorites module the narrow gate it asks for, backed by the monetization gate for
/// `.favorites`. When an attempt does not run for a reason the user should hear (Ask to Buy,
/// a paywall that could not be shown), `onNotice` receives the sentence.
final class FavoritesGateAdapter: FavoritesGate {
  private let gates: any FeatureGating
  private let onNotice: @MainActor (String) -> Void

  init(gates: any FeatureGating, onNotice: @escaping @MainActor (String) -> Void) {
    self.gates = gates
    self.onNotice = onNotice
  }

  var isUnlocked: Bool { gates.isUnlocked(.favorites) }

  func attempt(_ action: @escaping @MainActor () async -> Void) async -> Bool {
    let result = await gates.attempt(.favorites, action: action)
    if let notice = result.userNotice { onNotice(notice) }
    return result == .ran
  }
}
