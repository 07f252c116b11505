import Foundation
import Networking
import TestServer
import TestSupport
import Testing

/// Cancelling a request at any moment of its life, over a real loopback server and real
/// URLSession. On Linux a cancel that landed while the answer arrived used to trap the whole test
/// process inside FoundationNetworking (`URLSession.behaviour(for:)`, reached from
/// `URLSessionTask.cancel()`; `TransferCancellation` names the race): the transport no longer
/// cancels a task there, it answers the caller and abandons the transfer in a session of its own.
@Suite("HTTPTransport: a cancel at any moment")
struct CancellationRaceTests {
  /// 300 requests to a route that answers at once, each cancelled after 0 to 6 turns of the
  /// executor and now and then a short real pause, so the cancel lands before the request is sent,
  /// during the exchange and as (or after) the answer arrives. Before the fix this test brought
  /// the test process down (signal 4) in most runs.
  @Test func aCancelAtAnyMomentEndsTheRequestOnceAndNeverTrapsTheProcess() async throws {
    try await LoopbackHarness.run { harness in
      await harness.server.route("/fast") { _ in .json("{}") }
      let client = harness.client()
      var answered = 0
      var cancelled = 0
      for round in 0..<300 {
        let request = harness.failureTask(client, "fast")
        for _ in 0..<(round % 7) { await Task.yield() }
        if round % 5 == 0 { try await Task.sleep(for: .microseconds(150 * (round % 11))) }
        request.cancel()
        let outcome = try await bounded("cancelled request \(round)") { await request.value }
        switch outcome {
        case nil: answered += 1
        case .cancelled?: cancelled += 1
        case let other?: Issue.record("round \(round): expected an answer or .cancelled, got \(other)")
        }
      }
      #expect(answered + cancelled == 300)
      // How the 300 split between answers and cancels depends on the machine's speed, so only
      // the cancels are counted on: without any, the test would not have tested cancellation.
      #expect(cancelled > 0, "no cancel landed before the answer: the test did not test cancellation")
    }
  }

  /// 40 requests to a route whose answers the server holds, all cancelled, then a request to
  /// another route: the abandoned transfers must not stand in its way. (On Linux they are not
  /// cancelled: each keeps a connection of its own until the server answers, which it does only
  /// when the test ends. In one shared session they would fill its per-host connection slots,
  /// and the next request would wait for their idle timeouts.)
  @Test func fortyAbandonedHeldRequestsDoNotDelayTheNextRequestToAnotherRoute() async throws {
    try await LoopbackHarness.run { harness in
      await harness.holdAnswers(to: "/held")
      await harness.server.route("/fast") { _ in .json("{}") }
      let client = harness.client()
      let held = (0..<40).map { _ in harness.failureTask(client, "held") }
      try await eventually("a held request on the server") {
        await harness.server.requestCount(to: "/held") >= 1
      }
      for (index, request) in held.enumerated() {
        request.cancel()
        #expect(try await bounded("held request \(index), cancelled") { await request.value } == .cancelled)
      }

      let next = try await bounded("the request to /fast after 40 abandoned ones") {
        await harness.failure(client, "fast")
      }

      #expect(next == nil)
      #expect(await harness.server.requestCount(to: "/fast") == 1)
    }
  }
}
