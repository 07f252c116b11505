import Basics
import Favorites
import Foundation
import Monetization
import ProfileCore
import WidgetCore

/// The build's configuration as Info.plist carries it (from `Config/Base.xcconfig` and the
/// optional, git-ignored `Config/Secrets.xcconfig`), read with the rules a missing secret needs.
nonisolated public struct AppConfiguration: Sendable, Equatable {
  /// The App Group and the NASA key, which the widget reads too.
  public var shared: SharedConfiguration
  /// The iCloud container favorites sync with (`FavoritesSync`); nil: they stay local.
  public var cloudKitContainer: String?
  public var bundleIdentifier: String?
  /// `nil` means monetization is disabled: the app runs without paywalls and says so.
  public var purchaselyAPIKey: String?
  /// App Store Connect's subscription group, or the local `.storekit` one until it is set.
  public var subscriptionGroupID: String
  /// False when the build falls back to the local `Spacer.storekit` group (no App Store products).
  public var storeKitProductsConfigured: Bool
  /// Buyers whose original build is below this one keep Premium; nil: the app was never paid.
  public var grandfatheringCutoffBuild: String?
  public var links: AppLinks
  /// "1.4 (212)": marketing version and build.
  public var versionText: String

  public enum Key {
    public static let purchaselyAPIKey = "PurchaselyAPIKey"
    public static let subscriptionGroupID = "SubscriptionGroupID"
    public static let grandfatheringCutoffBuild = "GrandfatheringCutoffBuild"
    public static let termsOfUseURL = "TermsOfUseURL"
    public static let privacyPolicyURL = "PrivacyPolicyURL"
    public static let shortVersion = "CFBundleShortVersionString"
    public static let build = "CFBundleVersion"
    public static let bundleIdentifier = "CFBundleIdentifier"
  }

  /// Used only if Info.plist lost its keys; the same defaults as `Config/Base.xcconfig`.
  /// Terms: Apple's standard licence agreement, which applies when an app has no terms of its own.
  public static let defaultLinks = AppLinks(
    termsOfUse: URL(string: "https://www.apple.com/legal/internet-services/itunes/dev/stdeula/")!,
    privacyPolicy: URL(string: "https://www.example.com/spacer/privacy")!)

  public var monetization: MonetizationConfiguration {
    MonetizationConfiguration(
      subscriptionGroupID: subscriptionGroupID,
      grandfathering: grandfatheringCutoffBuild.map { GrandfatheringPolicy(cutoffBuild: $0) })
  }

  public init(info: [String: any Sendable]) {
    func value(_ key: String) -> String? { BuildSetting.value(info[key]) }
    shared = SharedConfiguration(info: info)
    cloudKitContainer = value(FavoritesSync.containerInfoKey)
    bundleIdentifier = value(Key.bundleIdentifier)
    purchaselyAPIKey = value(Key.purchaselyAPIKey)
    subscriptionGroupID = value(Key.subscriptionGroupID) ?? ProductCatalog.localSubscriptionGroupID
    storeKitProductsConfigured = value(Key.subscriptionGroupID) != nil
    // A cutoff that is not a build number would grandfather nobody, or everybody: off instead.
    grandfatheringCutoffBuild = value(Key.grandfatheringCutoffBuild).flatMap { BuildNumber($0)?.description }
    links = AppLinks(
      termsOfUse: value(Key.termsOfUseURL).flatMap(Self.webURL) ?? Self.defaultLinks.termsOfUse,
      privacyPolicy: value(Key.privacyPolicyURL).flatMap(Self.webURL) ?? Self.defaultLinks.privacyPolicy)
    versionText = [value(Key.shortVersion), value(Key.build).map { "(\($0))" }]
      .compactMap { $0 }
      .joined(separator: " ")
  }

  /// Only http(s) pages with a host: a typo must not become a dead link.
  static func webURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "https" || scheme == "http", url.host?.isEmpty == false
    else { return nil }
    return url
  }
}
