import Foundation
import Monetization
import TestSupport
import Testing

/// The doubles must be as rude as the real SDK: a completion handler that never fires does not
/// fire when the caller gives up either (cancelling a Swift task cannot reach into the SDK).
@Suite("Rude doubles: a lost callback stays lost", .timeLimit(.minutes(5)))
@MainActor
struct RudeDoublesTests {
  /// Lets every other ready task run for a while; not a time bound.
  private func letOthersRun() async {
    for _ in 0..<200 { await Task.yield() }
  }

  @Test func aHungSDKStartDoesNotReturnWhenItsTaskIsCancelled() async {
    let backend = FakeSubscriptionBackend()
    backend.hangsStart = true
    var returned = false
    let call = Task { @MainActor in
      try? await backend.start(
        options: SDKStartOptions(
          mode: .full, allowCampaigns: false, showsPromotedPurchasePaywall: true,
          interceptsPaywallActions: false))
      returned = true
    }
    await letOthersRun()
    call.cancel()
    await letOthersRun()
    #expect(!returned)
  }

  @Test func aPaywallUIKitNeverShowsDoesNotReportWhenItsTaskIsCancelled() async {
    let presenter = FakePaywallPresenter()
    presenter.displayBehaviour = .neverReports
    var returned = false
    let call = Task { @MainActor in
      _ = await presenter.display(
        PaywallPresentation(id: "p", placement: "onboarding", type: .normal), onShown: {})
      returned = true
    }
    await letOthersRun()
    call.cancel()
    await letOthersRun()
    #expect(!returned)
  }

  private func first(
    of updates: AsyncStream<VerificationResultSnapshot<TransactionSnapshot>>
  ) async throws -> UInt64? {
    try await bounded("the first transaction update") {
      var iterator = updates.makeAsyncIterator()
      return await iterator.next()?.unsafePayloadValue.id
    }
  }

  private func transaction(_ id: UInt64) -> VerificationResultSnapshot<TransactionSnapshot> {
    .verified(
      MonetizationFixtures.transaction(
        id: id, purchased: Date(timeIntervalSince1970: 0), expires: Date(timeIntervalSince1970: 86_400)))
  }

  @Test func anUnfinishedTransactionIsDeliveredAgainToTheNextListener() async throws {
    let purchaser = FakePurchaser()
    purchaser.send(transaction(7))
    #expect(try await first(of: purchaser.transactionUpdates()) == 7)
    #expect(try await first(of: purchaser.transactionUpdates()) == 7)
  }

  @Test func aFinishedTransactionIsNotDeliveredAgain() async throws {
    let purchaser = FakePurchaser()
    purchaser.send(transaction(7))
    await purchaser.finish(transactionID: 7)
    let updates = await purchaser.transactionUpdates()
    purchaser.send(transaction(8))
    #expect(try await first(of: updates) == 8)
  }

  @Test func aBoughtTransactionThatWasNeverFinishedComesBackAtTheNextLaunch() async throws {
    let queue = TransactionQueue()
    let firstLaunch = FakePurchaser(queue: queue)
    firstLaunch.purchaseResults = [.purchased(transaction(9))]
    _ = await firstLaunch.loadProduct(MonetizationFixtures.monthly)
    _ = await firstLaunch.purchase(
      productID: MonetizationFixtures.monthly, promotionalOffer: nil, winBackOfferID: nil,
      appAccountToken: nil,
      confirmIn: nil)
    queue.endListening()
    let relaunched = FakePurchaser(queue: queue)
    #expect(try await first(of: relaunched.transactionUpdates()) == 9)
  }

  @Test func storeKitAnswersOnlyForTheGroupAskedAbout() async throws {
    let storeKit = FakeStoreEntitlements()
    let inGroup = MonetizationFixtures.transaction(
      id: 1, purchased: Date(timeIntervalSince1970: 0), expires: Date(timeIntervalSince1970: 86_400))
    storeKit.statusesResult = .success([MonetizationFixtures.status(.subscribed, transaction: inGroup)])
    #expect(try await storeKit.subscriptionStatuses(groupID: "another-group").isEmpty)
    #expect(try await storeKit.subscriptionStatuses(groupID: MonetizationFixtures.groupID).count == 1)
  }
}
