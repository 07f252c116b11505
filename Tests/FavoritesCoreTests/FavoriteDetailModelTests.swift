import Favorites
import FavoritesCore
import Foundation
import NASA
import Networking
import TestSupport
import Testing

@Suite("Favorite detail", .timeLimit(.minutes(5)))
@MainActor
struct FavoriteDetailModelTests {
  let day = try! APODDay(iso: "2024-03-10")
  var favorite: Favorite { Favorite(apod: sampleAPOD(day), dateAdded: Date(timeIntervalSince1970: 0)) }

  @Test func showsTheSavedFieldsAtOnceThenTheFullAPOD() async {
    let model = FavoriteDetailModel(favorite: favorite, clock: TestClock()) { day throws(APODError) in
      APODResult(apod: sampleAPOD(day, title: "Full"), freshness: .fresh, cachedAt: nil)
    }
    #expect(model.state == .summary(favorite))
    await model.load()
    guard case .full(let apod) = model.state else {
      Issue.record("expected the full APOD, got \(model.state)")
      return
    }
    #expect(apod.title == "Full")
    #expect(model.note == nil)
  }

  @Test func offlineWithoutACachedDayKeepsTheSummaryAndSaysWhy() async {
    let model = FavoriteDetailModel(favorite: favorite, clock: TestClock()) { _ throws(APODError) in
      throw .network(.offline)
    }
    await model.load()
    #expect(model.state == .summary(favorite))
    #expect(model.note?.contains("offline") == true)
  }

  @Test func otherFailuresKeepTheSummaryWithTheReason() async {
    let model = FavoriteDetailModel(favorite: favorite, clock: TestClock()) { _ throws(APODError) in
      throw .network(.server(statusCode: 503))
    }
    await model.load()
    #expect(model.state == .summary(favorite))
    #expect(model.note?.hasPrefix("The full text of this day couldn't be loaded.") == true)
  }

  @Test func aCancelledLoadShowsNoErrorAndTheNextLoadShowsTheFullAPOD() async {
    // The repository's answer when the view's task went away (a tab switch mid-load), then a day.
    let fetches = ScriptedFetches([.failure(.network(.cancelled)), .success("Full")])
    let model = FavoriteDetailModel(favorite: favorite, clock: TestClock()) { day throws(APODError) in
      try fetches.next(day)
    }

    await model.load()

    #expect(model.state == .summary(favorite))
    #expect(model.note == nil, "a cancellation was shown as a failure: \(model.note ?? "")")

    await model.load()
    guard case .full(let apod) = model.state else {
      Issue.record("the load after a cancellation did not show the full APOD: \(model.state)")
      return
    }
    #expect(apod.title == "Full")
  }

  @Test func anyFailureOfACancelledTaskIsACancellationAndKeepsTheEarlierNote() async {
    // The task is cancelled before the fetch answers; whatever the fetch then throws (here an
    // offline error, as a cancelled transfer may read) is the cancellation's.
    let fetches = ScriptedFetches([
      .failure(.network(.server(statusCode: 503))), .failure(.network(.offline)),
    ])
    let model = FavoriteDetailModel(favorite: favorite, clock: TestClock()) { day throws(APODError) in
      try fetches.next(day)
    }
    await model.load()
    let earlier = model.note
    #expect(earlier?.hasPrefix("The full text of this day couldn't be loaded.") == true)

    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      await model.load()
    }
    await task.value

    #expect(fetches.count == 2)
    #expect(model.note == earlier)
    #expect(model.state == .summary(favorite))
  }
}

/// Answers each fetch with the next scripted outcome (a title for a day, or an error).
@MainActor
private final class ScriptedFetches {
  private var outcomes: [Result<String, APODError>]
  private(set) var count = 0

  init(_ outcomes: [Result<String, APODError>]) { self.outcomes = outcomes }

  func next(_ day: APODDay) throws(APODError) -> APODResult {
    count += 1
    guard !outcomes.isEmpty else { throw .network(.server(statusCode: 500)) }
    let title = try outcomes.removeFirst().get()
    return APODResult(apod: sampleAPOD(day, title: title), freshness: .fresh, cachedAt: nil)
  }
}
