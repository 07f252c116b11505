import Basics
import Foundation
import Localization

/// The iCloud account as CloudKit reports it (`CKAccountStatus`, in Core's words).
public enum CloudAccountState: Sendable, Hashable {
  case available
  case noAccount
  /// Parental controls or a device management profile forbid iCloud.
  case restricted
  /// Signed in, but iCloud cannot be used right now (being set up, storage, a new Apple Account).
  case temporarilyUnavailable
  /// The system could not say (no network at launch, an error).
  case couldNotDetermine
}

/// Whether favorites sync through iCloud on this launch, and why not when they do not.
///
/// Rules:
/// - Sync needs a build with an iCloud container (`CloudKitContainerIdentifier` in Info.plist),
///   premium, and an available iCloud account, checked in that order (the first missing one is
///   the reason given).
/// - Off, favorites stay in the same store on this device: nothing is deleted, and nothing is
///   moved; turning sync on later sends what is there. Losing premium stops syncing, never deletes.
/// - Decided when the store opens (launch, or Try Again); a change of premium or account takes
///   effect the next time Spacer opens, as `message` says.
public enum FavoritesSync: Sendable, Hashable {
  case on(container: String)
  case off(Reason)

  /// The Info.plist key naming the iCloud container (`SPACER_ICLOUD_CONTAINER`).
  public static let containerInfoKey = "CloudKitContainerIdentifier"

  public enum Reason: Sendable, Hashable {
    case notConfigured
    case notPremium
    case account(CloudAccountState)
  }

  /// The decision for this launch.
  public static func decide(container: String?, isPremium: Bool, account: CloudAccountState) -> FavoritesSync
  {
    // Blank or a build setting left unexpanded: the one rule for Info.plist values.
    guard let container = BuildSetting.value(container) else { return .off(.notConfigured) }
    guard isPremium else { return .off(.notPremium) }
    guard account == .available else { return .off(.account(account)) }
    return .on(container: container)
  }

  /// The decision, asking for the account's state only when it matters (a container and
  /// premium): a build without iCloud, or a free user, never calls CloudKit.
  public static func decide(
    container: String?, isPremium: Bool, account: @Sendable () async -> CloudAccountState
  ) async -> FavoritesSync {
    let first = decide(container: container, isPremium: isPremium, account: .available)
    guard case .on = first else { return first }
    return decide(container: container, isPremium: isPremium, account: await account())
  }

  /// The CloudKit container to open the store with, nil for a store on this device only.
  public var container: String? {
    if case .on(let container) = self { return container }
    return nil
  }

  /// Profile's sentence.
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
