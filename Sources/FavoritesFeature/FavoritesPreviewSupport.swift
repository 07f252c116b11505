#if canImport(SwiftUI) && DEBUG
  import APODUI
  import DesignSystem
  import Favorites
  import FavoritesCore
  import Foundation
  import ImageCache
  import ImageCacheLive
  import NASA
  import SwiftUI

  /// A `FavoritesModel` over the preview values beside its interfaces (Favorites'
  /// `PreviewFavoritesRepository` and `PreviewFavoritesGate`), with a real image pipeline in a
  /// temporary directory that also pins (the preview canvas downloads the thumbnails), for previews only.
  @MainActor
  struct FavoritesPreviewSample {
    let favorites: FavoritesModel
    let images: ImagePipeline

    init(unlocked: Bool, saved: [Favorite]) {
      let images = ImagePipeline(
        directory: FileManager.default.temporaryDirectory.appending(
          path: "spacer-preview-images", directoryHint: .isDirectory),
        session: URLSession(configuration: .ephemeral), decoder: ImageIODecoder(),
        clock: APODPreviewData.clock)
      favorites = FavoritesModel(
        repository: PreviewFavoritesRepository(saved), gate: PreviewFavoritesGate(isUnlocked: unlocked),
        pinner: images, clock: APODPreviewData.clock)
      self.images = images
    }

    /// Four pictures from the APOD archive.
    static let pictures: [Favorite] = [
      sample(
        "2021-12-06", "Space Station Silhouette on the Moon", "2112/IssMoon_McCarthy_960.jpg",
        copyright: "Andrew McCarthy"),
      sample("2021-11-07", "The Cat's Eye Nebula in Optical and X-ray", "2111/CatsEye_HubblePohl_960.jpg"),
      sample("2020-09-24", "Enceladus in Infrared", "2009/PIA24023_fig1_1050.jpg"),
      sample("2018-06-03", "Saturn's Iapetus: Painted Moon", "1806/iapetus3_cassini_960.jpg"),
    ].compactMap { $0 }

    private static func sample(
      _ date: String, _ title: String, _ imagePath: String, copyright: String? = nil
    ) -> Favorite? {
      guard let day = APODDay(rawValue: date) else { return nil }
      let compact = date.replacingOccurrences(of: "-", with: "").dropFirst(2)
      return Favorite(
        date: day, title: title, mediaType: .image,
        imageURL: URL(string: "https://apod.nasa.gov/apod/image/\(imagePath)"), hdImageURL: nil,
        pageURL: URL(string: "https://apod.nasa.gov/apod/ap\(compact).html"), copyright: copyright,
        altText: nil, dateAdded: APODPreviewData.clock.now)
    }
  }

  /// The Favorites screen over a sample, loaded once it appears.
  struct FavoritesPreviewHost: View {
    let sample: FavoritesPreviewSample

    var body: some View {
      FavoritesScreen()
        .task { await sample.favorites.load() }
        .environment(sample.favorites)
        .previewEnvironment()
        .spacerTheme()
    }
  }
#endif
