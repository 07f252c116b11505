import Foundation
import Testing

/// Every view moment of the Apple layer (`.task`, `.onAppear`, `.onDisappear`,
/// `.onChange(of: scenePhase)`) is one forward to a model: what to load and what to let go are
/// Core's, where the journeys' runner makes the same calls (`ScreenMoments`).
@Suite("View moments are one forward each")
struct ViewMomentTests {
  static let folders = [
    "Sources/APODUI", "Sources/DesignSystem", "Sources/TodayFeature", "Sources/ExploreFeature",
    "Sources/FavoritesFeature", "Sources/ProfileFeature", "Sources/AppFeature",
    "Sources/MonetizationLive", "Spacer", "SpacerWidget",
  ]

  /// Hooks that drive an Apple-only resource, with no decision to make: AVFoundation's audio
  /// session and AVKit's player exist only on the phone.
  static let allowed: Set<String> = [
    "Media/MediaPlayerView.swift: VideoAudioSession.begin()",
    "Media/MediaPlayerView.swift: VideoAudioSession.end()",
    "Media/MediaPlayerView.swift: if player == nil { player = AVPlayer(url: url) }",
    "Media/MediaPlayerView.swift: player?.pause()",
  ]

  struct Hook: CustomStringConvertible {
    let file: String
    let body: String
    var description: String { "\(file): \(body)" }
  }

  @Test func everyHookIsOneForward() throws {
    var hooks: [Hook] = []
    for folder in Self.folders {
      for file in try RepositoryFiles.swiftFiles(in: folder) {
        hooks += Self.hooks(in: file.text).map { Hook(file: file.path, body: $0) }
      }
    }
    #expect(hooks.count >= 15, "found only \(hooks.count) hooks: the scan lost them")
    let offending = hooks.filter { !Self.allowed.contains($0.description) && !Self.isForward($0.body) }
    #expect(
      offending.isEmpty,
      "hooks doing more than one forward:\n\(offending.map(\.description).joined(separator: "\n"))")
  }

  @Test func aPlantedHookWithADecisionFails() {
    let planted = """
      .task { if showsHD { await model.showHD() } else { await model.load() } }
      .onDisappear {
        let swiper = swiper
        Task { await swiper.stop() }
      }
      .task { await model.appeared(as: .card) }
      .onAppear { Task { [urls = explore.cellAppeared(day)] in await pipeline.prefetch(urls) } }
      .task { environment = await LiveAppEnvironment.shared() }
      .task {
        await today.load()
        await today.stayCurrent()
      }
      """
    let found = Self.hooks(in: planted)
    #expect(found.count == 6)
    #expect(found.map(Self.isForward) == [false, false, true, true, true, false])
  }

  /// The bodies of the hooks in `text`, whitespace collapsed, closure parameters dropped.
  static func hooks(in text: String) -> [String] {
    let pattern = #/\.(task|onAppear|onDisappear)(\(id:[^)]*\))?\s*\{|\.onChange\(of:\s*scenePhase\)\s*\{/#
    var bodies: [String] = []
    for match in text.matches(of: pattern) {
      guard let body = closureBody(text, openingAt: text.index(before: match.range.upperBound)) else {
        continue
      }
      var collapsed = body.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      if let arrow = collapsed.firstMatch(of: #/^[\w, ]+ in /#) { collapsed.removeSubrange(arrow.range) }
      bodies.append(collapsed)
    }
    return bodies
  }

  private static func closureBody(_ text: String, openingAt open: String.Index) -> String? {
    var depth = 0
    var index = open
    while index < text.endIndex {
      switch text[index] {
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth == 0 { return String(text[text.index(after: open)..<index]) }
      default: break
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// One call (`await`/`try` allowed, its result perhaps kept in one name), or that call in a
  /// `Task { }` whose capture list evaluates the arguments at once.
  static func isForward(_ body: String) -> Bool {
    var body = body.trimmingCharacters(in: .whitespaces)
    if let task = body.wholeMatch(of: #/Task \{ (\[[^\]]*\] in )?(?<inner>[^{}]*) \}/#) {
      body = String(task.inner)
    }
    guard let call = body.prefixMatch(of: #/(\w+ = )?(try )?(await )?[\w.?]+\(/#) else { return false }
    // The call's own parentheses close at the very end: nothing follows it.
    var depth = 1
    var index = call.range.upperBound
    while index < body.endIndex, depth > 0 {
      switch body[index] {
      case "(": depth += 1
      case ")": depth -= 1
      case "{", "}", ";": return false
      default: break
      }
      index = body.index(after: index)
    }
    return depth == 0 && index == body.endIndex
  }
}
