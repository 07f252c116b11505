import Foundation
import Monetization
import Testing

@testable import ScenarioSimulator

/// Issue 35: the simulated App Store checks an offer purchase against what the simulated server
/// signed (offer, product, nonce, user), never against a value the app hands back with it.
@Suite("Simulated App Store: an offer purchase must match what was signed")
@MainActor
struct SimulatedAppStoreTests {
  private static let monthly = ProductID(rawValue: "spacer.premium.monthly")
  private static let annual = ProductID(rawValue: "spacer.premium.annual")
  private static let signedUser = UUID(uuidString: ScenarioWorld.backendUserID)

  private func store() -> (ScenarioWorld, SimulatedPurchaser) {
    let world = ScenarioWorld(start: ScenarioStart(), transcript: ScenarioTranscript())
    return (world, SimulatedPurchaser(world: world, generation: world.beginGeneration()))
  }

  private func buy(
    _ purchaser: SimulatedPurchaser, _ product: ProductID, offer: PromotionalOfferSignature, token: UUID?
  ) async -> PurchaseResult {
    // Core looks the product up first, as the adapter needs.
    _ = await purchaser.loadProduct(product)
    return await purchaser.purchase(
      productID: product, promotionalOffer: offer, winBackOfferID: nil, appAccountToken: token,
      confirmIn: nil)
  }

  @Test func onlyAProductALookupKeptIsBought() async {
    let (_, purchaser) = store()
    let plain = { @MainActor in
      await purchaser.purchase(
        productID: Self.monthly, promotionalOffer: nil, winBackOfferID: nil, appAccountToken: nil,
        confirmIn: nil)
    }
    #expect(await plain() == .failed(.productNotLoaded))
    _ = await purchaser.loadProduct(Self.monthly)
    guard case .purchased(.verified) = await plain() else {
      Issue.record("the kept product was not bought")
      return
    }
    #expect(await plain() == .failed(.productNotLoaded), "a purchase takes the kept product")
  }

  @Test func theSignedOfferForTheSignedUserIsBought() async {
    let (world, purchaser) = store()
    let offer = world.signOffer("spacer.winback.50", productID: Self.monthly.rawValue)
    let result = await buy(purchaser, Self.monthly, offer: offer, token: Self.signedUser)
    guard case .purchased(.verified) = result else {
      Issue.record("the signed offer was refused: \(result)")
      return
    }
  }

  @Test func aSignatureTheServerNeverIssuedIsRefusedEvenWithAMatchingUser() async {
    let (_, purchaser) = store()
    // What the old check accepted: the token equals the user the request itself names.
    let forged = PromotionalOfferSignature(
      offerID: "spacer.winback.50", keyID: "KEY", nonce: UUID(), signature: "c2ln", timestamp: 0,
      signedForUserID: ScenarioWorld.backendUserID)
    #expect(
      await buy(purchaser, Self.monthly, offer: forged, token: Self.signedUser)
        == .failed(.invalidOfferSignature))
  }

  @Test func anotherProductOfferOrUserIsRefused() async {
    let (world, purchaser) = store()
    let offer = world.signOffer("spacer.winback.50", productID: Self.monthly.rawValue)
    #expect(
      await buy(purchaser, Self.annual, offer: offer, token: Self.signedUser)
        == .failed(.invalidOfferSignature))
    var otherOffer = offer
    otherOffer.offerID = "spacer.winback.90"
    #expect(
      await buy(purchaser, Self.monthly, offer: otherOffer, token: Self.signedUser)
        == .failed(.invalidOfferSignature))
    // The app claims another user signed it, and carries that user's token: still refused.
    var otherUser = offer
    otherUser.signedForUserID = "11111111-2222-4333-8444-555555555555"
    #expect(
      await buy(purchaser, Self.monthly, offer: otherUser, token: UUID(uuidString: otherUser.signedForUserID))
        == .failed(.invalidOfferSignature))
  }
}
