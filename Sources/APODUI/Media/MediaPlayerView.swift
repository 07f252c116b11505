#if canImport(SwiftUI) && canImport(UIKit) && canImport(WebKit) && canImport(AVKit)
  import AVKit
  import DesignSystem
  import Foundation
  import NASA
  import SwiftUI
  import UIKit
  import WebKit

  /// Plays a day's video inside the app, as `APODPlayback` decides: YouTube and Vimeo in their
  /// embed players (a web view), a video file in AVKit's player. Anything else is not shown here:
  /// the caller opens the APOD page (`APODPlayback.openPage`).
  public struct MediaPlayerView: View {
    private let playback: APODPlayback
    private let title: String
    @Environment(\.dismiss) private var dismiss

    /// - Parameters:
    ///   - playback: `.embeddedPlayer` or `.nativePlayer`; other cases show nothing.
    ///   - title: the day's title, for the bar and VoiceOver.
    public init(playback: APODPlayback, title: String) {
      self.playback = playback
      self.title = title
    }

    public var body: some View {
      NavigationStack {
        Group {
          switch playback {
          case .embeddedPlayer(let url):
            EmbeddedPlayerView(url: url)
              .aspectRatio(16 / 9, contentMode: .fit)
          case .nativePlayer(let url):
            NativePlayerView(url: url)
          case .picture, .openPage:
            EmptyView()
          }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color.black)
        .accessibilityLabel(Text(title))
        .navigationTitle(title)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
          ToolbarItem(placement: .confirmationAction) {
            Button("Done") { dismiss() }
          }
        }
      }
    }
  }

  /// AVKit's player for a video file. The player is made when the view appears (not in `body`)
  /// and paused when it goes, so closing the sheet stops the sound.
  private struct NativePlayerView: View {
    let url: URL
    @State private var player: AVPlayer?

    var body: some View {
      VideoPlayer(player: player)
        .onAppear {
          if player == nil { player = AVPlayer(url: url) }
        }
        .onDisappear { player?.pause() }
    }
  }

  /// The YouTube or Vimeo embed player in a web view. Nothing plays until the user taps (the embed
  /// URL carries no autoplay and the web view asks for a gesture); it plays inline, in the sheet.
  private struct EmbeddedPlayerView: UIViewRepresentable {
    let url: URL

    func makeUIView(context: Context) -> WKWebView {
      let configuration = WKWebViewConfiguration()
      configuration.allowsInlineMediaPlayback = true
      configuration.mediaTypesRequiringUserActionForPlayback = .all
      let webView = WKWebView(frame: .zero, configuration: configuration)
      webView.isOpaque = false
      webView.backgroundColor = .black
      webView.scrollView.isScrollEnabled = false
      _ = webView.load(Self.request(for: url))
      return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {
      // Another day's video in the same sheet: load it; the same one keeps playing.
      if webView.url?.path != url.path { _ = webView.load(Self.request(for: url)) }
    }

    /// The embed page's request, with the Referer naming the app (`APODPlayback.embedReferer`):
    /// without it YouTube's player shows an error instead of the video.
    private static func request(for url: URL) -> URLRequest {
      var request = URLRequest(url: url)
      if let referer = APODPlayback.embedReferer(bundleIdentifier: Bundle.main.bundleIdentifier) {
        request.setValue(referer, forHTTPHeaderField: "Referer")
      }
      return request
    }
  }
#endif
