import Favorites
import FavoritesCore
import FavoritesTestSupport
import Foundation
import TestSupport
import Testing

@MainActor
private func makeModel(
  repository: any FavoritesRepository = FakeFavoritesRepository(),
  unlocked: Bool = true,
  paywallUnlocks: Bool = false,
  clock: TestClock = TestClock(januaryFifteenth)
) -> (FavoritesModel, FakeFavoritesGate, FakeImagePinner) {
  let gate = FakeFavoritesGate(isUnlocked: unlocked, paywallUnlocks: paywallUnlocks)
  let pinner = FakeImagePinner()
  let model = FavoritesModel(repository: repository, gate: gate, pinner: pinner, clock: clock)
  return (model, gate, pinner)
}

@MainActor
@Suite("Favorites model: premium gate")
struct FavoritesGateTests {
  @Test func savingWhileUnlockedStoresWithoutShowingThePaywall() async throws {
    let repository = FakeFavoritesRepository()
    let (model, gate, _) = makeModel(repository: repository)
    await model.load()

    let saved = await model.add(try favorite("2024-01-05"))

    #expect(saved)
    #expect(gate.paywallCount == 0)
    #expect(try await repository.contains(date("2024-01-05")))
    #expect(model.isFavorite(try date("2024-01-05")))
  }

  @Test func savingWhileLockedShowsThePaywallAndSavesWhenTheUserSubscribes() async throws {
    let repository = FakeFavoritesRepository()
    let (model, gate, _) = makeModel(repository: repository, unlocked: false, paywallUnlocks: true)
    await model.load()
    #expect(model.state == .locked)

    let saved = await model.add(try favorite("2024-01-05"))

    #expect(saved)
    #expect(gate.paywallCount == 1)
    #expect(try await repository.contains(date("2024-01-05")))
    #expect(model.state == .loaded([try favorite("2024-01-05")]))
  }

  @Test func dismissedPaywallSavesNothingAndPinsNothing() async throws {
    let repository = FakeFavoritesRepository()
    let (model, gate, pinner) = makeModel(repository: repository, unlocked: false, paywallUnlocks: false)
    await model.load()

    let saved = await model.add(try favorite("2024-01-05"))

    #expect(saved == false)
    #expect(gate.paywallCount == 1)
    #expect(try await repository.all().isEmpty)
    #expect(await pinner.events.isEmpty)
    #expect(model.isFavorite(try date("2024-01-05")) == false)
    #expect(model.errorMessage == nil)
  }

  @Test func losingPremiumLocksBrowsingButKeepsEveryStoredFavorite() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    let (model, gate, pinner) = makeModel(repository: repository)
    await model.load()
    await model.add(try favorite("2024-01-05"))
    await model.add(try favorite("2024-01-06"))
    let fileBefore = try Data(contentsOf: repository.fileURL)

    gate.isUnlocked = false
    await model.load()

    #expect(model.state == .locked)
    #expect(try Data(contentsOf: repository.fileURL) == fileBefore)
    #expect(try await repository.all().count == 2)
    #expect(await pinner.events.contains { if case .unpin = $0 { true } else { false } } == false)
  }

  @Test func regainingPremiumShowsTheSameFavoritesAgain() async throws {
    let stored = [try favorite("2024-01-05"), try favorite("2024-01-06")]
    let (model, gate, _) = makeModel(repository: FakeFavoritesRepository(stored), unlocked: false)
    await model.load()
    #expect(model.state == .locked)

    gate.isUnlocked = true

    #expect(model.state == .loaded([stored[1], stored[0]]))
  }

  @Test func removingStaysPossibleWhileLocked() async throws {
    let repository = FakeFavoritesRepository([try favorite("2024-01-05")])
    let (model, gate, _) = makeModel(repository: repository, unlocked: false)
    await model.load()

    let removed = await model.remove(try date("2024-01-05"))

    #expect(removed)
    #expect(gate.attemptCount == 0)
    #expect(try await repository.all().isEmpty)
  }

  @Test func isFavoriteAnswersWhileLockedSoTodaysHeartStaysTruthful() async throws {
    let (model, _, _) = makeModel(
      repository: FakeFavoritesRepository([try favorite("2024-01-05")]), unlocked: false)
    await model.load()

    #expect(model.isFavorite(try date("2024-01-05")))
    #expect(model.isFavorite(try date("2024-01-06")) == false)
  }
}

@MainActor
@Suite("Favorites model: offline images")
struct FavoritesPinningTests {
  @Test func savingPinsThePreviewAndTheHDImage() async throws {
    let (model, _, pinner) = makeModel()
    await model.load()
    let saved = try favorite("2024-01-05", image: "https://a.test/p.jpg", hdImage: "https://a.test/hd.jpg")

    await model.add(saved)

    #expect(
      await pinner.events == [
        .pin(URL(string: "https://a.test/p.jpg")!), .pin(URL(string: "https://a.test/hd.jpg")!),
      ])
  }

  @Test func loadingAtLaunchPinsEveryStoredFavoriteAgainOnce() async throws {
    // The pin list can be lost (an older version kept it in a purgeable folder): the favorites
    // themselves are the truth, so the first read pins all their images again.
    let stored = try [favorite("2024-01-05"), favorite("2024-01-04", hdImage: "https://a.test/4-hd.jpg")]
    let (model, _, pinner) = makeModel(repository: FakeFavoritesRepository(stored))

    await model.load()
    await model.load()  // a later reload does not pin again

    #expect(await pinner.pinned == Set(stored.flatMap(\.imageURLs)))
    #expect(await pinner.events.count == 4)
  }

  @Test func removingUnpinsItsImages() async throws {
    let (model, _, pinner) = makeModel()
    await model.load()
    await model.add(try favorite("2024-01-05"))

    await model.remove(try date("2024-01-05"))

    #expect(await pinner.pinned.isEmpty)
    #expect(
      await pinner.events.suffix(2) == [
        .unpin(URL(string: "https://apod.nasa.gov/apod/image/2024-01-05.jpg")!),
        .unpin(URL(string: "https://apod.nasa.gov/apod/image/2024-01-05-hd.jpg")!),
      ])
  }

  @Test func anImageAnotherFavoriteStillShowsStaysPinned() async throws {
    let (model, _, pinner) = makeModel()
    await model.load()
    let shared = "https://a.test/shared.jpg"
    await model.add(try favorite("2024-01-05", image: shared, hdImage: "https://a.test/5-hd.jpg"))
    await model.add(try favorite("2024-01-06", image: shared, hdImage: "https://a.test/6-hd.jpg"))

    await model.remove(try date("2024-01-05"))

    #expect(await pinner.pinned == [URL(string: shared)!, URL(string: "https://a.test/6-hd.jpg")!])
  }

  @Test func savingAgainWithANewImageUnpinsTheOldOne() async throws {
    let (model, _, pinner) = makeModel()
    await model.load()
    await model.add(
      try favorite("2024-01-05", image: "https://a.test/old.jpg", hdImage: "https://a.test/hd.jpg"))

    await model.add(
      try favorite("2024-01-05", image: "https://a.test/new.jpg", hdImage: "https://a.test/hd.jpg"))

    #expect(
      await pinner.pinned == [URL(string: "https://a.test/new.jpg")!, URL(string: "https://a.test/hd.jpg")!])
  }

  @Test func aFailedSavePinsNothing() async throws {
    let repository = FakeFavoritesRepository()
    await repository.setWriteFailure(.diskFull)
    let (model, _, pinner) = makeModel(repository: repository)
    await model.load()

    await model.add(try favorite("2024-01-05"))

    #expect(await pinner.events.isEmpty)
  }

  @Test func aFailedRemoveKeepsTheImagesPinned() async throws {
    let repository = FakeFavoritesRepository()
    let (model, _, pinner) = makeModel(repository: repository)
    await model.load()
    await model.add(try favorite("2024-01-05"))
    await repository.setWriteFailure(.notWritable(path: "/favorites"))

    await model.remove(try date("2024-01-05"))

    #expect(await pinner.pinned.count == 2)
  }
}

@MainActor
@Suite("Favorites model: list")
struct FavoritesListTests {
  @Test func stateIsLoadingUntilTheFirstReadThenEmpty() async {
    let (model, _, _) = makeModel()
    #expect(model.state == .loading)

    await model.load()

    #expect(model.state == .empty)
  }

  @Test func listIsNewestAPODDateFirstWhateverTheOrderOfSaving() async throws {
    let (model, _, _) = makeModel()
    await model.load()
    for day in ["2023-06-01", "2024-01-05", "1999-12-31", "2024-01-04"] {
      await model.add(try favorite(day))
    }

    guard case .loaded(let list) = model.state else {
      Issue.record("expected a loaded list, got \(model.state)")
      return
    }
    #expect(list.map(\.date.rawValue) == ["2024-01-05", "2024-01-04", "2023-06-01", "1999-12-31"])
  }

  @Test func loadedListIsSortedToo() async throws {
    let stored = try ["2023-06-01", "2024-01-05", "1999-12-31"].map { try favorite($0) }
    let (model, _, _) = makeModel(repository: FakeFavoritesRepository(stored))

    await model.load()

    #expect(model.state == .loaded([stored[1], stored[0], stored[2]]))
  }

  @Test func toggleSavesThenRemoves() async throws {
    let (model, _, _) = makeModel()
    await model.load()
    let item = try favorite("2024-01-05")

    let afterFirst = await model.toggle(item)
    let afterSecond = await model.toggle(item)

    #expect(afterFirst)
    #expect(afterSecond == false)
    #expect(model.state == .empty)
  }

  @Test func dateAddedComesFromTheClockAndSurvivesSavingAgain() async throws {
    let clock = TestClock(januaryFifteenth)
    let repository = FakeFavoritesRepository()
    let (model, _, _) = makeModel(repository: repository, clock: clock)
    await model.load()

    await model.add(try favorite("2024-01-05", title: "First", added: .distantPast))
    clock.advance(by: 3_600)
    await model.add(try favorite("2024-01-05", title: "Second", added: .distantPast))

    let stored = try #require(await repository.stored[try date("2024-01-05")])
    #expect(stored.title == "Second")
    #expect(stored.dateAdded == januaryFifteenth)
  }
}

@MainActor
@Suite("Favorites model: errors")
struct FavoritesErrorTests {
  @Test func aFailedSaveKeepsThePreviousListAndSaysWhy() async throws {
    let repository = FakeFavoritesRepository([try favorite("2024-01-05")])
    let (model, _, _) = makeModel(repository: repository)
    await model.load()
    await repository.setWriteFailure(.diskFull)

    let saved = await model.add(try favorite("2024-01-06"))

    #expect(saved == false)
    #expect(model.state == .loaded([try favorite("2024-01-05")]))
    #expect(model.errorMessage == FavoritesRepositoryError.diskFull.message)
    #expect(try await repository.all() == [try favorite("2024-01-05")])
  }

  @Test func aFailedRemoveKeepsTheFavoriteAndSaysWhy() async throws {
    let repository = FakeFavoritesRepository([try favorite("2024-01-05")])
    let (model, _, _) = makeModel(repository: repository)
    await model.load()
    await repository.setWriteFailure(.notWritable(path: "/favorites"))

    let removed = await model.remove(try date("2024-01-05"))

    #expect(removed == false)
    #expect(model.isFavorite(try date("2024-01-05")))
    #expect(model.errorMessage == FavoritesRepositoryError.notWritable(path: "/favorites").message)
  }

  @Test func aFailedFirstReadShowsTheFailedState() async throws {
    let repository = FakeFavoritesRepository()
    await repository.setReadFailure(.unreadable(path: "/favorites.json", reason: "Is a directory"))
    let (model, _, _) = makeModel(repository: repository)

    await model.load()

    let message = FavoritesRepositoryError.unreadable(path: "/favorites.json", reason: "Is a directory")
      .message
    #expect(model.state == .failed(message: message))
  }

  @Test func aFailedReloadKeepsTheListOnScreen() async throws {
    let repository = FakeFavoritesRepository([try favorite("2024-01-05")])
    let (model, _, _) = makeModel(repository: repository)
    await model.load()
    await repository.setReadFailure(.unreadable(path: "/favorites.json", reason: "I/O error"))

    await model.load()

    #expect(model.state == .loaded([try favorite("2024-01-05")]))
    #expect(model.errorMessage?.contains("I/O error") == true)
  }

  @Test func aSuccessfulActionClearsTheEarlierMessage() async throws {
    let repository = FakeFavoritesRepository()
    let (model, _, _) = makeModel(repository: repository)
    await model.load()
    await repository.setWriteFailure(.diskFull)
    await model.add(try favorite("2024-01-05"))
    #expect(model.errorMessage != nil)
    await repository.setWriteFailure(nil)

    await model.add(try favorite("2024-01-05"))

    #expect(model.errorMessage == nil)
  }

  @Test func aDamagedFileOnDiskIsReportedThenANewSaveStartsAFreshList() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try Data("{{{".utf8).write(to: repository.fileURL)
    let (model, _, _) = makeModel(repository: repository)

    await model.load()
    guard case .failed(let message) = model.state else {
      Issue.record("expected failed, got \(model.state)")
      return
    }
    #expect(message.contains("favorites.corrupt-20240115T103000Z.json"))

    await model.add(try favorite("2024-01-06"))

    #expect(model.state == .loaded([try favorite("2024-01-06")]))
    #expect(
      try temp.entries() == ["favorites.corrupt-20240115T103000Z.json", FileFavoritesRepository.fileName])
  }

  @Test func savingWhereNothingCanBeWrittenSaysSoAndKeepsTheListEmpty() async throws {
    let temp = try TemporaryDirectory()
    let (directory, _) = try unwritableFavoritesFolder(in: temp)
    let repository = FileFavoritesRepository(directory: directory, clock: TestClock(januaryFifteenth))
    let (model, _, pinner) = makeModel(repository: repository)
    await model.load()

    let saved = await model.add(try favorite("2024-01-05"))

    #expect(saved == false)
    #expect(model.state == .empty)
    #expect(model.errorMessage == FavoritesRepositoryError.notWritable(path: directory.path).message)
    #expect(await pinner.events.isEmpty)
  }
}

@MainActor
@Suite("Favorites model: observers (widget shelf, Spotlight)")
struct FavoritesObserverTests {
  @Test func observersHearEveryStoredFavoriteAfterEachSuccessfulReadSaveAndRemoval() async throws {
    let repository = FakeFavoritesRepository()
    try await repository.save(favorite("2024-01-02"))
    let observer = RecordingFavoritesObserver()
    let gate = FakeFavoritesGate(isUnlocked: true)
    let model = FavoritesModel(
      repository: repository, gate: gate, pinner: FakeImagePinner(), clock: TestClock(januaryFifteenth),
      observers: [observer])

    await model.load()
    await model.add(try favorite("2024-01-05"))
    await model.remove(try date("2024-01-02"))
    await repository.setWriteFailure(.diskFull)
    await model.remove(try date("2024-01-05"))
    gate.isUnlocked = false
    await repository.setWriteFailure(nil)
    await model.load()

    let calls = await observer.calls
    #expect(
      calls == [
        .init(days: [try date("2024-01-02")], isUnlocked: true),
        .init(days: [try date("2024-01-05"), try date("2024-01-02")], isUnlocked: true),
        .init(days: [try date("2024-01-05")], isUnlocked: true),
        // The failed removal told nothing; losing premium is told with every favorite kept.
        .init(days: [try date("2024-01-05")], isUnlocked: false),
      ])
  }

  @Test func aFailedFirstReadTellsNothing() async throws {
    let repository = FakeFavoritesRepository()
    await repository.setReadFailure(.storeNotOpened(reason: .incompatibleVersion))
    let observer = RecordingFavoritesObserver()
    let model = FavoritesModel(
      repository: repository, gate: FakeFavoritesGate(isUnlocked: true), pinner: FakeImagePinner(),
      clock: TestClock(januaryFifteenth), observers: [observer])
    await model.load()
    #expect(await observer.calls.isEmpty)
  }
}

@MainActor
@Suite("Favorites model: favorites that arrive from another device")
struct FavoritesArrivingTests {
  @Test func aFavoriteArrivingBySyncHasItsImagesPinnedAtTheNextRead() async throws {
    let repository = FakeFavoritesRepository([try favorite("2024-01-02")])
    let (model, _, pinner) = makeModel(repository: repository)
    await model.load()
    // Saved on the iPad; the store on this iPhone receives it.
    let arrived = try favorite("2024-01-09")
    try await repository.save(arrived)
    await model.load()
    let pinned = await pinner.pinned
    for url in arrived.imageURLs { #expect(pinned.contains(url), "\(url)") }
    #expect(model.isFavorite(arrived.date))
  }

  @Test func aFavoriteRemovedOnAnotherDeviceIsUnpinnedAtTheNextRead() async throws {
    let kept = try favorite("2024-01-02")
    let removedElsewhere = try favorite("2024-01-03")
    let repository = FakeFavoritesRepository([kept, removedElsewhere])
    let (model, _, pinner) = makeModel(repository: repository)
    await model.load()
    try await repository.remove(removedElsewhere.date)
    await model.load()
    let pinned = await pinner.pinned
    #expect(pinned == Set(kept.imageURLs))
    // Pinning stays idempotent across reads: nothing pinned twice in one run.
    let pins = await pinner.events.filter { if case .pin = $0 { true } else { false } }
    #expect(pins.count == 4)
  }
}
