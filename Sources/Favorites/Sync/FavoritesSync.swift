import Basics
import Foundation
import Localization

public enum CloudAccountState: Sendable, Hashable {
  case available
  case noAccount
  case restricted
  case temporarilyUnavailable
  case couldNotDetermine
}

/// Needs an iCloud container in the build, premium and an available account, checked in that order.
/// Off, favorites stay in the same store on this device: nothing is deleted or moved. Decided when
/// the store opens; a change takes effect the next time Spacer opens.
public enum FavoritesSync: Sendable, Hashable {
  case on(container: String)
  case off(Reason)

  public static let containerInfoKey = "CloudKitContainerIdentifier"

  public enum Reason: Sendable, Hashable {
    case notConfigured
    case notPremium
    case account(CloudAccountState)
  }

  public static func decide(container: String?, isPremium: Bool, account: CloudAccountState) -> FavoritesSync
  {
    // Blank or a build setting left unexpanded: the one rule for Info.plist values.
    guard let container = BuildSetting.value(container) else { return .off(.notConfigured) }
    guard isPremium else { return .off(.notPremium) }
    guard account == .available else { return .off(.account(account)) }
    return .on(container: container)
  }

  /// A build without iCloud, or a free user, never calls CloudKit.
  public static func decide(
    container: String?, isPremium: Bool, account: @Sendable () async -> CloudAccountState
  ) async -> FavoritesSync {
    let first = decide(container: container, isPremium: isPremium, account: .available)
    guard case .on = first else { return first }
    return decide(container: container, isPremium: isPremium, account: await account())
  }

  public var container: String? {
    if case .on(let container) = self { return container }
    return nil
  }

  public var message: String {
    switch self {
    case .on:
      Localized.text("Your favorites sync with iCloud on every device signed in to your Apple Account.")
    case .off(.notConfigured):
      Localized.text(
        "Favorites are kept on this iPhone only: this version of Spacer has no iCloud container.")
    case .off(.notPremium):
      Localized.text(
        "Favorites are kept on this iPhone only: syncing with iCloud is part of Premium. "
          + "Nothing is deleted.")
    case .off(.account(.noAccount)):
      Localized.text(
        "Favorites are kept on this iPhone only: sign in to iCloud in Settings to sync them. "
          + "They sync the next time Spacer opens.")
    case .off(.account(.restricted)):
      Localized.text("Favorites are kept on this iPhone only: iCloud is restricted on this device.")
    case .off(.account(.temporarilyUnavailable)), .off(.account(.couldNotDetermine)),
      .off(.account(.available)):
      Localized.text(
        "Favorites are kept on this iPhone for now: iCloud could not be reached. "
          + "Spacer tries again the next time it opens.")
    }
  }
}
