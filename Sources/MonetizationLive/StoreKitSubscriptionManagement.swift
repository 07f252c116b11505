#if canImport(StoreKit) && canImport(UIKit)
  import Monetization
  import StoreKit
  import UIKit

  /// `ProfileModel` decides when it is offered and what a failure says; StoreKit's error is never shown.
  public struct StoreKitSubscriptionManagement: SubscriptionManagementPresenting {
    public init() {}

    @MainActor
    public func showManageSubscriptions() async throws(SubscriptionManagementError) {
      // Only the scene the user is looking at: a sheet presented in a background or unattached
      // scene would not be seen, so there is no fallback to another scene (Core then says where
      // else to go).
      guard let scene = WindowScenes.foregroundActive() else {
        throw .noActiveScene
      }
      do {
        try await AppStore.showManageSubscriptions(in: scene)
      } catch StoreKitError.userCancelled {
        // Closing the sheet without changing anything is not a failure: nothing to tell the user.
        return
      } catch {
        throw .storeFailed(reason: String(describing: error))
      }
    }
  }
#endif
