import AppCore
import Favorites
import Foundation
import Monetization
import NASA
import TestSupport
import Testing

@MainActor
@Suite("Favorites on every device, in the app")
struct FavoritesSyncAppTests {
  @Test func profileSaysWhetherFavoritesSyncAndWhyNot() {
    let clock = TestClock()
    let fakes = MonetizationFakeSet(clock: clock)
    let content = TestContent(clock: clock)
    var dependencies = content.dependencies()
    dependencies.favoritesSync = .off(.notPremium)
    let model = AppModel(
      dependencies: Dependencies(
        monetization: fakes.dependencies(mode: .full),
        content: dependencies))
    #expect(model.profile.favoritesSyncMessage == FavoritesSync.off(.notPremium).message)
  }

  @Test func backInTheForegroundFavoritesFromAnotherDeviceShow() async throws {
    let app = try await AppModelFixture.launchedFree()
    let day = try APODDay(iso: "2024-01-09")
    // Arrived by iCloud sync while the app was in the background.
    try await app.content.favorites.save(
      Favorite(
        date: day, title: "From the iPad", mediaType: .image, imageURL: nil, hdImageURL: nil, pageURL: nil,
        copyright: nil, altText: nil, dateAdded: Date(timeIntervalSince1970: 0)))
    #expect(app.model.favorites.isFavorite(day) == false)
    try await bounded { await app.model.enterForeground() }
    #expect(app.model.favorites.isFavorite(day))
  }
}
