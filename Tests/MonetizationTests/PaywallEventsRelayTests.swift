import Basics
import Foundation
import Monetization
import Testing

/// The relay built before both the SDK adapter and the Core graph that answers it (constructor
/// injection on both sides, nothing routed afterwards).
@Suite("Paywall events relay")
struct PaywallEventsRelayTests {
  static func outcome(_ name: String) -> PaywallOutcome {
    PaywallOutcome(
      purchaseResult: .cancelled, plan: PaywallPlan(vendorID: name, appleProductID: nil), closeReason: .button
    )
  }

  static func interceptor(_ result: InterceptResult) -> PaywallInterceptor {
    PaywallInterceptor(
      purchase: { _, _, _ in InterceptorResponse(result: result, closesPaywall: false) },
      restore: { InterceptorResponse(result: result, closesPaywall: false) })
  }

  @Test func dismissalsReportedBeforeCoreAnswersWaitThenArriveInOrderAndLaterOnesGoStraightThrough() {
    let relay = PaywallEventsRelay()
    let received = Locked<[String]>([])
    relay.paywallDismissed(Self.outcome("first"))
    relay.paywallDismissed(Self.outcome("second"))
    #expect(!relay.isAnswered)
    #expect(received.withLock { $0 }.isEmpty)
    relay.answer(interceptor: nil) { outcome in received.withLock { $0.append(outcome.plan?.vendorID ?? "?") }
    }
    #expect(received.withLock { $0 } == ["first", "second"])
    relay.paywallDismissed(Self.outcome("third"))
    #expect(received.withLock { $0 } == ["first", "second", "third"])
  }

  @Test func thereIsNoInterceptorBeforeCoreAnswersAndOnlyTheFirstAnswerCounts() async {
    let relay = PaywallEventsRelay()
    #expect(relay.interceptor == nil)
    let firstReceived = Locked(0)
    let laterReceived = Locked(0)
    #expect(relay.answer(interceptor: Self.interceptor(.success)) { _ in firstReceived.withLock { $0 += 1 } })
    #expect(!relay.answer(interceptor: Self.interceptor(.failed)) { _ in laterReceived.withLock { $0 += 1 } })
    let answer = await relay.interceptor?.purchase(nil, nil, nil)
    #expect(answer?.result == .success)
    relay.paywallDismissed(Self.outcome("x"))
    #expect(firstReceived.withLock { $0 } == 1)
    #expect(laterReceived.withLock { $0 } == 0)
  }

  @Test func fullModesAnswerHasNoInterceptorButStillReceivesDismissals() {
    let relay = PaywallEventsRelay()
    let received = Locked(0)
    relay.answer(interceptor: nil) { _ in received.withLock { $0 += 1 } }
    #expect(relay.isAnswered)
    #expect(relay.interceptor == nil)
    relay.paywallDismissed(Self.outcome("x"))
    #expect(received.withLock { $0 } == 1)
  }

  /// The SDK reports from threads it does not document, possibly while Core answers: every
  /// dismissal arrives exactly once, each reporter's in its order, never two at a time.
  @Test func dismissalsFromManyThreadsWhileCoreAnswersArriveOnceInOrderOneAtATime() async {
    let relay = PaywallEventsRelay()
    let received = Locked<[String]>([])
    let inside = Locked(0)
    let overlaps = Locked(0)
    let reporters = 8
    let perReporter = 200
    await withTaskGroup(of: Void.self) { group in
      for reporter in 0..<reporters {
        group.addTask {
          for index in 0..<perReporter { relay.paywallDismissed(Self.outcome("\(reporter)-\(index)")) }
        }
      }
      group.addTask {
        relay.answer(interceptor: nil) { outcome in
          if inside.withLock({ count in
            count += 1
            return count
          }) > 1 {
            overlaps.withLock { $0 += 1 }
          }
          received.withLock { $0.append(outcome.plan?.vendorID ?? "?") }
          inside.withLock { $0 -= 1 }
        }
      }
    }
    let all = received.withLock { $0 }
    #expect(all.count == reporters * perReporter)
    #expect(Set(all).count == reporters * perReporter)
    #expect(overlaps.withLock { $0 } == 0)
    for reporter in 0..<reporters {
      let mine = all.filter { $0.hasPrefix("\(reporter)-") }
      #expect(mine == (0..<perReporter).map { "\(reporter)-\($0)" })
    }
  }
}
