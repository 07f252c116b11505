import Basics

/// Why the system's audio session refused a change.
public enum AudioSessionRefusal: Error, Sendable, Equatable {
  /// Giving the session back while the player's audio still runs (`AVAudioSessionErrorCodeIsBusy`).
  case busy
  case other(String)
}

/// The app's side of the system's audio session, as a video uses it.
public protocol AudioSessionControlling: Sendable {
  /// Says how a video plays (with the Silent switch on) without taking the session: other apps'
  /// audio goes on. A refusal leaves the system's default.
  func prepareForVideo()
  /// Takes the session for a video: stops other apps' audio.
  func activateForVideo() throws(AudioSessionRefusal)
  /// Gives the session back, telling other apps they may resume.
  func deactivateNotifyingOthers() throws(AudioSessionRefusal)
}

/// When a video takes the user's audio and gives it back.
///
/// Rules:
/// - Nothing is taken when the player appears (its category is only prepared): the user's music
///   plays on until Play.
/// - Playback starting takes the session; a refusal leaves the video to the system's default.
/// - Playback stopping (pause, end) or the player closing gives it back, with other apps told to
///   resume. Refused as busy (the player's audio not stopped yet), it is asked once more after
///   `retryDelay`; playback starting again meanwhile keeps it.
/// - Only a session this model took is given back, and on closing one a player that does not
///   report its playback (a web page's) may have taken.
@MainActor public final class VideoAudioSession {
  public private(set) var isHeld = false
  private let session: any AudioSessionControlling
  private let clock: any Clocking
  private let retryDelay: Duration
  private var generation = 0
  private var playerMayHoldIt = false

  public init(
    session: any AudioSessionControlling, clock: any Clocking, retryDelay: Duration = .milliseconds(500)
  ) {
    self.session = session
    self.clock = clock
    self.retryDelay = retryDelay
  }

  /// AVKit's player reports its playback; a web page's (`.embeddedPlayer`) does not.
  public func appeared(_ playback: APODPlayback) {
    session.prepareForVideo()
    if case .nativePlayer = playback { playerMayHoldIt = false } else { playerMayHoldIt = true }
  }

  public func playbackStarted() {
    generation += 1
    guard !isHeld else { return }
    do {
      try session.activateForVideo()
      isHeld = true
    } catch {
      isHeld = false
    }
  }

  public func playbackStopped() async {
    guard isHeld else { return }
    await release()
  }

  public func closed() async {
    if playerMayHoldIt { isHeld = true }
    playerMayHoldIt = false
    await playbackStopped()
  }

  private func release() async {
    generation += 1
    let release = generation
    do {
      try session.deactivateNotifyingOthers()
      isHeld = false
      return
    } catch .busy {
      // Retried below.
    } catch {
      isHeld = false
      return
    }
    try? await clock.sleep(for: retryDelay)
    guard generation == release, isHeld else { return }
    try? session.deactivateNotifyingOthers()
    isHeld = false
  }
}
