import Testing
import ViewerCore

@MainActor
@Suite("Orientation: the viewer turns, the tabs stay upright")
struct OrientationPolicyTests {
  @Test func theAppStartsUpright() {
    #expect(OrientationPolicy().allowed == .portrait)
  }

  @Test func openingTheViewerLetsThePhoneTurn() {
    let policy = OrientationPolicy()
    #expect(policy.viewerAppeared() == .allow(.allButUpsideDown))
    #expect(policy.allowed == .allButUpsideDown)
  }

  @Test func closingTheViewerTurnsTheAppBackUpright() {
    let policy = OrientationPolicy()
    _ = policy.viewerAppeared()
    #expect(policy.viewerDisappeared() == .returnToPortrait)
    #expect(policy.allowed == .portrait)
  }

  @Test func aSecondViewerKeepsLandscapeUntilTheLastOneCloses() {
    // A viewer opened from a favorite while another's dismissal is still animating.
    let policy = OrientationPolicy()
    _ = policy.viewerAppeared()
    #expect(policy.viewerAppeared() == .none)
    #expect(policy.viewerDisappeared() == .none)
    #expect(policy.allowed == .allButUpsideDown)
    #expect(policy.viewerDisappeared() == .returnToPortrait)
    #expect(policy.allowed == .portrait)
  }

  @Test func aDisappearanceWithoutAnAppearanceChangesNothing() {
    // SwiftUI may deliver onDisappear for a cover whose onAppear never ran.
    let policy = OrientationPolicy()
    #expect(policy.viewerDisappeared() == .none)
    #expect(policy.allowed == .portrait)
    #expect(policy.viewerAppeared() == .allow(.allButUpsideDown))
  }

  /// Issue 21 defect 4: portrait is asked for when the close begins, before the dismissal animates.
  @Test func aClosingViewerAsksForPortraitBeforeItDisappears() {
    let policy = OrientationPolicy()
    _ = policy.viewerAppeared()
    #expect(policy.viewerWillClose() == .returnToPortrait)
    #expect(policy.allowed == .portrait)
    #expect(policy.viewerDisappeared() == .none)
    #expect(policy.allowed == .portrait)
    #expect(policy.openViewers == 0)
    #expect(policy.viewerAppeared() == .allow(.allButUpsideDown))
  }

  @Test func aCloseWithoutAnOpenViewerChangesNothing() {
    let policy = OrientationPolicy()
    #expect(policy.viewerWillClose() == .none)
    #expect(policy.viewerAppeared() == .allow(.allButUpsideDown))
    #expect(policy.viewerWillClose() == .returnToPortrait)
    #expect(policy.viewerWillClose() == .none)
  }
}
