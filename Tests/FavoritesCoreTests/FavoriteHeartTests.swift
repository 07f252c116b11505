import Favorites
import FavoritesCore
import FavoritesTestSupport
import Foundation
import NASA
import TestSupport
import Testing

@MainActor
@Suite("The heart on an APOD's detail")
struct FavoriteHeartTests {
  @MainActor
  private struct Fixture {
    let repository = FakeFavoritesRepository()
    let gate: FakeFavoritesGate
    let favorites: FavoritesModel
    let heart: FavoriteHeart

    init(unlocked: Bool = true, paywallUnlocks: Bool = false) {
      gate = FakeFavoritesGate(isUnlocked: unlocked, paywallUnlocks: paywallUnlocks)
      favorites = FavoritesModel(
        repository: repository, gate: gate, pinner: FakeImagePinner(), clock: TestClock(januaryFifteenth))
      heart = FavoriteHeart(favorites: favorites, gate: gate, clock: TestClock(januaryFifteenth))
    }
  }

  private let day = sampleAPOD((try? APODDay(iso: "2026-11-20")) ?? .first)
  private let otherDay = sampleAPOD((try? APODDay(iso: "2026-11-19")) ?? .first)

  @Test func aTapSavesTheDayAndASecondTapRemovesIt() async {
    let fixture = Fixture()

    #expect(await fixture.heart.toggle(day))
    #expect(fixture.heart.isFavorite(day))
    #expect(await fixture.repository.stored[day.date]?.dateAdded == januaryFifteenth)

    #expect(await fixture.heart.toggle(day) == false)
    #expect(!fixture.heart.isFavorite(day))
  }

  @Test func theHeartStaysTruthfulWhileFavoritesAreLocked() async {
    let fixture = Fixture()
    await fixture.heart.toggle(day)
    fixture.gate.isUnlocked = false

    #expect(!fixture.heart.isUnlocked)
    #expect(fixture.heart.isFavorite(day))
  }

  @Test func aClosedPaywallSavesNothingAndIsNoFailure() async {
    let fixture = Fixture(unlocked: false, paywallUnlocks: false)

    #expect(await fixture.heart.toggle(day) == false)

    #expect(fixture.gate.paywallCount == 1)
    #expect(fixture.heart.failure(for: day) == nil)
    #expect(await fixture.repository.stored.isEmpty)
  }

  @Test func aRefusedSaveSaysWhyNextToThatDaysHeartOnlyUntilTheNextTap() async {
    let fixture = Fixture()
    await fixture.repository.setWriteFailure(.diskFull)

    #expect(await fixture.heart.toggle(day) == false)
    #expect(fixture.heart.failure(for: day) == FavoritesRepositoryError.diskFull.message)
    #expect(fixture.heart.failure(for: otherDay) == nil)

    await fixture.repository.setWriteFailure(nil)
    #expect(await fixture.heart.toggle(day))
    #expect(fixture.heart.failure(for: day) == nil)
  }
}
