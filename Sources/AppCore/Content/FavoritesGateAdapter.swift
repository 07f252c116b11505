import Favorites
import Monetization

/// The Favorites module's narrow gate: the monetization gate for `.favorites`, whose reason worth
/// telling (Ask to Buy, a paywall that could not be shown) becomes the gate notice.
final class FavoritesGateAdapter: FavoritesGate {
  private let monetization: AppMonetization

  init(_ monetization: AppMonetization) {
    self.monetization = monetization
  }

  var isUnlocked: Bool { monetization.gates.isUnlocked(.favorites) }

  func attempt(_ action: @escaping @MainActor () async -> Void) async -> Bool {
    await monetization.attempt(.favorites, action: action) == .ran
  }
}
