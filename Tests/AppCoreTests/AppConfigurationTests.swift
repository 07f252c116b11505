import AppCore
import Foundation
import Monetization
import Testing

@Suite("Build configuration from Info.plist")
struct AppConfigurationTests {
  @Test func configuredKeysAreRead() {
    let configuration = AppConfiguration(info: [
      "NASAAPIKey": "abc123", "PurchaselyAPIKey": "ply-key", "SubscriptionGroupID": "21482759",
      "TermsOfUseURL": "https://example.org/terms", "PrivacyPolicyURL": "https://example.org/privacy",
      "CFBundleShortVersionString": "1.4", "CFBundleVersion": "212",
    ])
    #expect(configuration.shared.nasaAPIKey == "abc123")
    #expect(configuration.purchaselyAPIKey == "ply-key")
    #expect(configuration.subscriptionGroupID == "21482759")
    #expect(configuration.storeKitProductsConfigured)
    #expect(configuration.links.termsOfUse.absoluteString == "https://example.org/terms")
    #expect(configuration.versionText == "1.4 (212)")
  }

  @Test(arguments: ["", "   ", "$(PURCHASELY_API_KEY)", " $(NASA_API_KEY) "])
  func emptyOrUnexpandedSecretsCountAsMissing(_ raw: String) {
    let configuration = AppConfiguration(info: ["NASAAPIKey": raw, "PurchaselyAPIKey": raw])
    #expect(configuration.shared.nasaAPIKey == nil)
    #expect(configuration.purchaselyAPIKey == nil)
  }

  @Test func missingKeysFallBackToTheLocalGroupAndDefaultLinks() {
    let configuration = AppConfiguration(info: [:])
    #expect(configuration.subscriptionGroupID == ProductCatalog.localSubscriptionGroupID)
    #expect(!configuration.storeKitProductsConfigured)
    #expect(configuration.links == AppConfiguration.defaultLinks)
    #expect(configuration.versionText == "")
  }

  @Test(arguments: ["not a url", "ftp://example.org/terms", "https://", "mailto:legal@example.org"])
  func aMalformedLinkFallsBackInsteadOfBecomingADeadLink(_ raw: String) {
    let configuration = AppConfiguration(info: ["TermsOfUseURL": raw])
    #expect(configuration.links.termsOfUse == AppConfiguration.defaultLinks.termsOfUse)
  }

  @Test func aNonStringValueIsIgnored() {
    let configuration = AppConfiguration(info: ["NASAAPIKey": 42, "CFBundleShortVersionString": "2.0"])
    #expect(configuration.shared.nasaAPIKey == nil)
    #expect(configuration.versionText == "2.0")
  }

  @Test func grandfatheringCutoffIsReadFromConfiguration() {
    let configuration = AppConfiguration(info: ["GrandfatheringCutoffBuild": "213"])
    #expect(configuration.grandfatheringCutoffBuild == "213")
    #expect(configuration.monetization.grandfathering == GrandfatheringPolicy(cutoffBuild: "213"))
  }

  @Test(arguments: ["", "$(SPACER_GRANDFATHERING_CUTOFF_BUILD)", "build 12"])
  func missingOrMalformedCutoffTurnsGrandfatheringOff(_ raw: String) {
    let configuration = AppConfiguration(info: ["GrandfatheringCutoffBuild": raw])
    #expect(configuration.grandfatheringCutoffBuild == nil)
    #expect(configuration.monetization.grandfathering == nil)
  }
}
