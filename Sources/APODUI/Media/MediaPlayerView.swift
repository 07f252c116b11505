import Playback

#if canImport(SwiftUI) && canImport(UIKit) && canImport(WebKit) && canImport(AVKit)
  import AVFoundation
  import AVKit
  import Basics
  import Combine
  import DesignSystem
  import Foundation
  import NASA
  import SwiftUI
  import UIKit
  import WebKit

  /// Anything but an embed player or a video file is not shown here: the caller opens the APOD page.
  public struct MediaPlayerView: View {
    private let playback: APODPlayback
    private let title: String
    private let closing: (@MainActor () -> Void)?
    @Environment(\.dismiss) private var dismiss
    @State private var audio: VideoAudioSession

    /// `closing` is called before the dismissal animates (the navigation state turns the app upright);
    /// `clock` is the process's (a busy audio session is asked again on it).
    public init(
      playback: APODPlayback, title: String, clock: any Clocking, closing: (@MainActor () -> Void)? = nil
    ) {
      self.playback = playback
      self.title = title
      self.closing = closing
      _audio = State(initialValue: VideoAudioSession(session: LiveVideoAudioSession(), clock: clock))
    }

    public var body: some View {
      NavigationStack {
        Group {
          switch playback {
          case .embeddedPlayer(let url):
            EmbeddedPlayerView(url: url, title: title)
              .aspectRatio(16 / 9, contentMode: .fit)
          case .nativePlayer(let url):
            NativePlayerView(url: url, audio: audio)
          case .picture, .openPage:
            EmptyView()
          }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color.black)
        // No label on the container: it would hide the web and AVKit controls from VoiceOver.
        // The navigation title is the heading that names the video.
        .navigationTitle(title)
        // Core's `VideoAudioSession`: the category is set now, the session taken only at Play
        // (by AVKit's player or WebKit's), given back when it stops or the sheet goes.
        .onAppear { audio.appeared(playback) }
        .onDisappear { Task { await audio.closed() } }
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
          ToolbarItem(placement: .confirmationAction) {
            Button("Done") {
              closing?()
              dismiss()
            }
          }
        }
      }
    }
  }

  /// `AVAudioSession` as Core's `VideoAudioSession` asks for it. Declarations followed (AVFAudio,
  /// iPhoneOS 26.2 SDK): `setCategory(_:mode:)`, `setActive(_:)`, `setActive(_:options:)` with
  /// `.notifyOthersOnDeactivation`; a deactivation with I/O still running fails with
  /// `AVAudioSessionErrorCodeIsBusy` ('!act', `AVAudioSession.ErrorCode.isBusy`).
  nonisolated private struct LiveVideoAudioSession: AudioSessionControlling {
    func prepareForVideo() {
      try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .moviePlayback)
    }

    func activateForVideo() throws(AudioSessionRefusal) {
      do {
        try AVAudioSession.sharedInstance().setActive(true)
      } catch {
        throw Self.refusal(error)
      }
    }

    func deactivateNotifyingOthers() throws(AudioSessionRefusal) {
      do {
        try AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
      } catch {
        throw Self.refusal(error)
      }
    }

    private static func refusal(_ error: any Error) -> AudioSessionRefusal {
      let code = (error as NSError).code
      return code == AVAudioSession.ErrorCode.isBusy.rawValue ? .busy : .other(error.localizedDescription)
    }
  }

  /// Made when the view appears (not in `body`) and paused when it goes, so closing stops the sound.
  private struct NativePlayerView: View {
    let url: URL
    let audio: VideoAudioSession
    @State private var player: AVPlayer?

    var body: some View {
      VideoPlayer(player: player)
        .onAppear {
          if player == nil { player = AVPlayer(url: url) }
        }
        .onDisappear { player?.pause() }
        .onReceive(
          player?.publisher(for: \.timeControlStatus).eraseToAnyPublisher() ?? Empty().eraseToAnyPublisher()
        ) {
          status in
          switch status {
          case .playing: audio.playbackStarted()
          case .paused: Task { await audio.playbackStopped() }
          default: break
          }
        }
    }
  }

  /// Its base URL names the app, so the player gets the Referer YouTube requires. Nothing plays until
  /// the user taps; links and new windows open outside the app (`EmbedPlayerPage.decision`).
  private struct EmbeddedPlayerView: UIViewRepresentable {
    let url: URL
    let title: String

    func makeCoordinator() -> Coordinator { Coordinator() }

    func makeUIView(context: Context) -> WKWebView {
      let configuration = WKWebViewConfiguration()
      configuration.allowsInlineMediaPlayback = true
      configuration.mediaTypesRequiringUserActionForPlayback = .all
      let webView = WKWebView(frame: .zero, configuration: configuration)
      webView.isOpaque = false
      webView.backgroundColor = .black
      webView.scrollView.isScrollEnabled = false
      webView.navigationDelegate = context.coordinator
      webView.uiDelegate = context.coordinator
      context.coordinator.show(url, title: title, in: webView)
      return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {
      // Another day's video in the same sheet loads; the same one keeps playing (the web view's
      // own URL is the app's page, so the coordinator remembers which player it shows).
      context.coordinator.show(url, title: title, in: webView)
    }

    @MainActor final class Coordinator: NSObject, WKNavigationDelegate, WKUIDelegate {
      private var page: EmbedPlayerPage?
      private var shownPlayer: URL?

      func show(_ player: URL, title: String, in webView: WKWebView) {
        guard player != shownPlayer else { return }
        shownPlayer = player
        page = EmbedPlayerPage(player: player, title: title, bundleIdentifier: Bundle.main.bundleIdentifier)
        if let page {
          _ = webView.loadHTMLString(page.html, baseURL: page.baseURL)
        } else {
          // No bundle identifier (never in the app): the player alone, as before.
          _ = webView.load(URLRequest(url: player))
        }
      }

      func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
      ) {
        guard let page, let url = navigationAction.request.url else {
          decisionHandler(page == nil ? .allow : .cancel)
          return
        }
        let decision: EmbedNavigationDecision
        if let frame = navigationAction.targetFrame {
          decision = page.decision(
            for: url, inMainFrame: frame.isMainFrame,
            userActivated: navigationAction.navigationType == .linkActivated)
        } else {
          decision = page.decisionForNewWindow(url)
        }
        decisionHandler(apply(decision))
      }

      func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
      ) -> WKWebView? {
        // A new window never opens in the app: its address opens outside, or nothing happens.
        if let page {
          _ = apply(page.decisionForNewWindow(navigationAction.request.url))
        }
        return nil
      }

      private func apply(_ decision: EmbedNavigationDecision) -> WKNavigationActionPolicy {
        switch decision {
        case .load:
          return .allow
        case .openOutside(let url):
          UIApplication.shared.open(url)
          return .cancel
        case .refuse:
          return .cancel
        }
      }
    }
  }
#endif
