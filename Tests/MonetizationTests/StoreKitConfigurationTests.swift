import Foundation
import Monetization
import Testing

/// The `.storekit` file the Xcode scheme uses must sell exactly what Core knows about:
/// a plan missing here could never be bought in the simulator, one missing in Core would be
/// bought and never unlock anything.
@Suite struct StoreKitConfigurationTests {
  struct Configuration: Decodable {
    struct Group: Decodable {
      var id: String
      var subscriptions: [Subscription]
    }
    struct Subscription: Decodable {
      struct Offer: Decodable { var paymentMode: String }
      var productID: ProductID
      var familyShareable: Bool
      var recurringSubscriptionPeriod: String
      var subscriptionGroupID: String
      var introductoryOffer: Offer?
    }
    var subscriptionGroups: [Group]
  }

  let configuration: Configuration

  init() throws {
    // Tests/MonetizationTests/<this file> → repository root → Spacer/Spacer.storekit
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Spacer/Spacer.storekit")
    configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: file))
  }

  @Test func storeKitFileSellsExactlyTheCatalogsProductsInOneGroup() throws {
    let group = try #require(configuration.subscriptionGroups.first)
    #expect(configuration.subscriptionGroups.count == 1)
    #expect(group.id == ProductCatalog.localSubscriptionGroupID)
    #expect(Set(group.subscriptions.map(\.productID)) == ProductCatalog.subscriptions)
    #expect(group.subscriptions.allSatisfy { $0.subscriptionGroupID == group.id })
  }

  @Test func plansAreMonthlyAndAnnualFamilyShareableWithAnIntroductoryOffer() throws {
    let plans = Dictionary(
      uniqueKeysWithValues: try #require(configuration.subscriptionGroups.first).subscriptions.map {
        ($0.productID, $0)
      })
    #expect(plans[ProductCatalog.monthly]?.recurringSubscriptionPeriod == "P1M")
    #expect(plans[ProductCatalog.annual]?.recurringSubscriptionPeriod == "P1Y")
    #expect(plans.values.allSatisfy { $0.familyShareable })
    #expect(plans.values.allSatisfy { $0.introductoryOffer != nil })
  }
}
