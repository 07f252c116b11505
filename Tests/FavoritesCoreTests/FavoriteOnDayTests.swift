import Favorites
import FavoritesCore
import FavoritesTestSupport
import Foundation
import TestSupport
import Testing

/// Favorites' stack holds days: a day's detail finds its favorite, or says it is gone.
@MainActor
@Suite("Favorites model: a favorite by its day")
struct FavoriteOnDayTests {
  @Test func aSavedDayFindsItsFavorite() async throws {
    let repository = FakeFavoritesRepository()
    let model = FavoritesModel(
      repository: repository, gate: FakeFavoritesGate(isUnlocked: true, paywallUnlocks: false),
      pinner: FakeImagePinner(), clock: TestClock(januaryFifteenth))
    await model.load()
    _ = await model.add(try favorite("2024-01-05"))
    _ = await model.add(try favorite("2024-01-07"))
    #expect(model.favorite(on: try date("2024-01-05")) == (try favorite("2024-01-05")))
    #expect(model.favorite(on: try date("2024-01-06")) == nil)
    _ = await model.remove(try date("2024-01-05"))
    #expect(model.favorite(on: try date("2024-01-05")) == nil)
  }

  /// Locked (Premium lost): nothing is shown, a detail on the stack included.
  @Test func aLockedListFindsNothing() async throws {
    let (model, gate) = try await unlockedModel(saving: "2024-01-05")
    gate.isUnlocked = false
    #expect(model.favorite(on: try date("2024-01-05")) == nil)
  }

  /// A detail pushed by its day opens on the favorite saved, else says the day is not saved
  /// (removed, or favorites locked).
  @Test func aDetailOpensOnTheFavoriteOrSaysItIsNoLongerSaved() async throws {
    let (model, gate) = try await unlockedModel(saving: "2024-01-05")
    let gone = FavoriteOpening.notSaved(message: "This day is no longer saved on this iPhone.")
    #expect(model.opening(try date("2024-01-05")) == .favorite(try favorite("2024-01-05")))
    #expect(model.opening(try date("2024-01-06")) == gone)
    gate.isUnlocked = false
    #expect(model.opening(try date("2024-01-05")) == gone)
    gate.isUnlocked = true
    _ = await model.remove(try date("2024-01-05"))
    #expect(model.opening(try date("2024-01-05")) == gone)
  }

  /// A loaded model with favorites unlocked and `day` saved, and the gate that unlocks them.
  private func unlockedModel(saving day: String) async throws -> (FavoritesModel, FakeFavoritesGate) {
    let gate = FakeFavoritesGate(isUnlocked: true, paywallUnlocks: false)
    let model = FavoritesModel(
      repository: FakeFavoritesRepository(), gate: gate, pinner: FakeImagePinner(),
      clock: TestClock(januaryFifteenth))
    await model.load()
    _ = await model.add(try favorite(day))
    return (model, gate)
  }
}
