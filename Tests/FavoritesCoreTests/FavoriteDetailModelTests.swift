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
    let model = FavoriteDetailModel(favorite: favorite) { day throws(APODError) in
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
    let model = FavoriteDetailModel(favorite: favorite) { _ throws(APODError) in
      throw .network(.offline)
    }
    await model.load()
    #expect(model.state == .summary(favorite))
    #expect(model.note?.contains("offline") == true)
  }

  @Test func otherFailuresKeepTheSummaryWithTheReason() async {
    let model = FavoriteDetailModel(favorite: favorite) { _ throws(APODError) in
      throw .network(.server(statusCode: 503))
    }
    await model.load()
    #expect(model.state == .summary(favorite))
    #expect(model.note?.hasPrefix("The full text of this day couldn't be loaded.") == true)
  }
}
