import Foundation
import Monetization
import TestSupport
import Testing

/// The doubles must be as rude as the real SDK: a completion handler that never fires does not
/// fire when the caller gives up either (cancelling a Swift task cannot reach into the SDK).
@Suite("Rude doubles: a lost callback stays lost", .timeLimit(.minutes(1)))
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
      try? await backend.start(mode: .full)
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
}
