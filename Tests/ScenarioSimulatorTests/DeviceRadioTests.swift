import Foundation
import Testing

@testable import ScenarioSimulator

/// The radio's part of when a journey step has settled: every request in flight is held by the
/// server with its deadline on the clock, and no tracked work is acting on an answer it had.
@Suite struct DeviceRadioTests {
  /// A request sent for tracked work `work` that the server holds until the test answers it.
  private struct HeldRequest {
    let number: Int
    let hold: Int
    let answer: AsyncStream<Void>.Continuation
    let task: Task<Int, Never>
  }

  private static let now = Date(timeIntervalSince1970: 1_772_355_600)

  private func send(_ radio: DeviceRadio, for work: Int?) async throws -> HeldRequest {
    let (sent, reportSent) = AsyncStream<(number: Int, hold: Int)>.makeStream()
    let (answered, answer) = AsyncStream<Void>.makeStream()
    let task = Task {
      await JourneyWork.$current.withValue(work) {
        await radio.carry { number in
          reportSent.yield((number, radio.hold(request: number, until: Self.now.addingTimeInterval(300))))
          for await _ in answered { break }
          return number
        }
      }
    }
    var iterator = sent.makeAsyncIterator()
    let request = try #require(await iterator.next(), "the request was never sent")
    return HeldRequest(number: request.number, hold: request.hold, answer: answer, task: task)
  }

  private func answer(_ request: HeldRequest, on radio: DeviceRadio) async {
    radio.release(request.hold)
    request.answer.yield()
    _ = await request.task.value
  }

  @Test func workThatHadItsAnswerIsActingWhileAnotherRequestStaysHeld() async throws {
    let radio = DeviceRadio(online: true)
    let save = try await send(radio, for: 1)
    let viewer = try await send(radio, for: 2)
    let both: Set = [save.number, viewer.number]
    #expect(radio.isParked(now: Self.now, backingOff: [], timed: both))
    #expect(!radio.hasAnswers(for: 1))
    #expect(!radio.hasAnswers(for: 2))

    await answer(save, on: radio)
    // The viewer's request alone is parked, but the save is acting on its answer (its message).
    #expect(radio.isParked(now: Self.now, backingOff: [], timed: [viewer.number]))
    #expect(radio.hasAnswers(for: 1))
    #expect(!radio.hasAnswers(for: 2))

    // Its next request puts it back among the waiting.
    let retry = try await send(radio, for: 1)
    #expect(!radio.hasAnswers(for: 1))
    await answer(retry, on: radio)
    await answer(viewer, on: radio)
    #expect(radio.hasAnswers(for: 2))
    #expect(!radio.hasAnswers(for: 3), "work that never sent a request has had no answer")
  }

  @Test func aHeldRequestIsParkedOnlyOnceItsDeadlineWaitsOnTheClock() async throws {
    let radio = DeviceRadio(online: true)
    let request = try await send(radio, for: nil)
    #expect(!radio.isParked(now: Self.now, backingOff: [], timed: []))
    #expect(radio.isParked(now: Self.now, backingOff: [], timed: [request.number]))
    #expect(
      !radio.isParked(now: Self.now.addingTimeInterval(300), backingOff: [], timed: [request.number]),
      "a hold due now is no longer parked")
    await answer(request, on: radio)
    #expect(!radio.isParked(now: Self.now, backingOff: [], timed: [request.number]), "nothing is in flight")
  }
}
