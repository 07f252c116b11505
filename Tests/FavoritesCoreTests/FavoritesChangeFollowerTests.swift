import FavoritesCore
import Foundation
import Testing

/// A reload that stays open until the test lets it finish, and counts how often it ran.
@MainActor
private final class HeldReload {
  private(set) var started = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func run() async {
    started += 1
    await withCheckedContinuation { waiting.append($0) }
  }

  var isHeld: Bool { !waiting.isEmpty }

  func finishOne() {
    guard !waiting.isEmpty else { return }
    waiting.removeFirst().resume()
  }
}

@MainActor
@Suite("Favorites follow changes made by sync", .timeLimit(.minutes(5)))
struct FavoritesChangeFollowerTests {
  /// Lets queued main-actor work run until `condition` holds; a hang guard far above any honest
  /// wait (it says so when it trips), counted in yields, not in time.
  private func settle(until condition: () -> Bool) async {
    for _ in 0..<100_000 where !condition() { await Task.yield() }
    #expect(condition(), "hang guard: the condition never held after 100,000 yields")
  }

  @Test func changesDuringAReloadCauseExactlyOneMoreReload() async {
    let held = HeldReload()
    let follower = FavoritesChangeFollower { await held.run() }
    let first = Task { await follower.storeChanged() }
    await settle { held.isHeld }
    for _ in 0..<5 { await follower.storeChanged() }  // each returns at once
    #expect(held.started == 1)
    held.finishOne()
    await settle { held.started == 2 && held.isHeld }
    held.finishOne()
    await first.value
    #expect(held.started == 2)
  }

  @Test func aChangeAfterAReloadFinishedReloadsAgain() async {
    var count = 0
    let follower = FavoritesChangeFollower { count += 1 }
    await follower.storeChanged()
    await follower.storeChanged()
    #expect(count == 2)
  }
}
