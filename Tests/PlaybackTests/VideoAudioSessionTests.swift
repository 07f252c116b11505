import Basics
import Foundation
import Playback
import TestSupport
import Testing

/// The system's audio session as rude as it is: it may refuse to let go while the player's audio
/// still runs (busy), or refuse to be taken at all.
private final class FakeAudioSession: AudioSessionControlling {
  let calls = Locked<[String]>([])
  let busyAnswers = Locked(0)
  let refusesActivation: Bool

  init(busyAnswers: Int = 0, refusesActivation: Bool = false) {
    self.busyAnswers.withLock { $0 = busyAnswers }
    self.refusesActivation = refusesActivation
  }

  func prepareForVideo() {
    calls.withLock { $0.append("prepare") }
  }

  func activateForVideo() throws(AudioSessionRefusal) {
    calls.withLock { $0.append("activate") }
    if refusesActivation { throw .other("another app holds it") }
  }

  func deactivateNotifyingOthers() throws(AudioSessionRefusal) {
    calls.withLock { $0.append("deactivate") }
    let busy = busyAnswers.withLock { answers in
      defer { answers = max(0, answers - 1) }
      return answers > 0
    }
    if busy { throw .busy }
  }
}

@Suite("A video takes the user's audio at Play and gives it back", .timeLimit(.minutes(1)))
@MainActor
struct VideoAudioSessionTests {
  @Test func appearingTakesNothingPlayTakesStopGivesBack() async {
    let fake = FakeAudioSession()
    let audio = VideoAudioSession(session: fake, clock: TestClock())
    audio.appeared(.nativePlayer(URL(string: "https://apod.nasa.gov/apod/image/2401/clip.mp4")!))
    #expect(fake.calls.withLock { $0 } == ["prepare"])
    #expect(!audio.isHeld)
    audio.playbackStarted()
    audio.playbackStarted()
    #expect(audio.isHeld)
    await audio.playbackStopped()
    #expect(!audio.isHeld)
    await audio.closed()
    #expect(fake.calls.withLock { $0 } == ["prepare", "activate", "deactivate"])
  }

  @Test func aWebPlayerThatDoesNotReportPlaybackIsGivenBackOnClose() async {
    let fake = FakeAudioSession()
    let audio = VideoAudioSession(session: fake, clock: TestClock())
    audio.appeared(.embeddedPlayer(URL(string: "https://www.youtube-nocookie.com/embed/abc")!))
    await audio.closed()
    #expect(fake.calls.withLock { $0 } == ["prepare", "deactivate"])
  }

  @Test func closingWhileBusyIsAskedOnceMoreAfterAMoment() async {
    let fake = FakeAudioSession(busyAnswers: 5)
    let clock = TestClock()
    let audio = VideoAudioSession(session: fake, clock: clock, retryDelay: .milliseconds(500))
    audio.playbackStarted()
    let closing = Task { await audio.closed() }
    await clock.waitUntilSleeping()
    #expect(fake.calls.withLock { $0 } == ["activate", "deactivate"])
    clock.advance(by: .milliseconds(500))
    await closing.value
    #expect(fake.calls.withLock { $0 } == ["activate", "deactivate", "deactivate"], "retried once only")
    #expect(!audio.isHeld)
  }

  @Test func playingAgainDuringTheRetryKeepsTheSession() async {
    let fake = FakeAudioSession(busyAnswers: 1)
    let clock = TestClock()
    let audio = VideoAudioSession(session: fake, clock: clock)
    audio.playbackStarted()
    let pausing = Task { await audio.playbackStopped() }
    await clock.waitUntilSleeping()
    audio.playbackStarted()
    clock.advance(by: .seconds(1))
    await pausing.value
    #expect(audio.isHeld)
    #expect(fake.calls.withLock { $0 } == ["activate", "deactivate"])
  }

  @Test func aSessionNeverTakenIsNeverGivenBack() async {
    let fake = FakeAudioSession(refusesActivation: true)
    let audio = VideoAudioSession(session: fake, clock: TestClock())
    audio.playbackStarted()
    #expect(!audio.isHeld)
    await audio.closed()
    #expect(fake.calls.withLock { $0 } == ["activate"])
  }
}
