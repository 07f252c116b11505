#if canImport(SwiftUI) && DEBUG
  import AppNavigation
  import Basics
  import Favorites
  import FavoritesCore
  import Foundation
  import ImageCache
  import ImageCacheLive
  import NASA
  import Networking
  import SwiftUI
  import ViewerCore

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// Debug builds only: the real Core models over a tiny in-process source, in a fresh temporary
  /// directory per preview; the sample images are not downloaded (the image views show their failure).
  public enum APODPreviewData {
    nonisolated public static let clock: any Clocking = SystemClock()

    nonisolated public static let image = sample(
      day(2021, 12, 6), "Space Station Silhouette on the Moon", .image,
      explanation: """
        A sample explanation for previews. The station crosses the face of the Moon in a fraction \
        of a second, so the photographer planned the position and the moment in advance.

        A second paragraph shows how paragraph breaks look on Today.
        """,
      url: "https://apod.nasa.gov/apod/image/2112/IssMoon_McCarthy_960.jpg",
      hdurl: "https://apod.nasa.gov/apod/image/2112/IssMoon_McCarthy_1663.jpg", copyright: "Andrew McCarthy")

    nonisolated public static let video = sample(
      day(2021, 11, 8), "A Filament Leaps from the Sun", .video,
      explanation: "A sample explanation for previews of a video day.",
      url: "https://www.youtube.com/embed/7NykS2kv_k8",
      thumbnailURL: "https://img.youtube.com/vi/7NykS2kv_k8/0.jpg",
      videoURL: "https://www.youtube.com/embed/7NykS2kv_k8", copyright: "Stéphane Poirier")

    nonisolated public static let other = sample(
      day(2010, 1, 20), "The Known Universe", .other,
      explanation: "A sample explanation for previews of a day with interactive media.")

    nonisolated public static let moreImages: [APOD] = [
      sampleImage(
        day(2021, 11, 7), "The Cat's Eye Nebula in Optical and X-ray",
        "2111/CatsEye_HubblePohl_960.jpg", "2111/CatsEye_HubblePohl_1278.jpg"),
      sampleImage(
        day(2020, 9, 24), "Enceladus in Infrared", "2009/PIA24023_fig1_1050.jpg",
        "2009/PIA24023_fig1.jpg"),
      sampleImage(
        day(2018, 6, 3), "Saturn's Iapetus: Painted Moon", "1806/iapetus3_cassini_960.jpg",
        "1806/iapetus3_cassini_4100.jpg"),
      sampleImage(
        day(2019, 9, 20), "Saturn at Night", "1909/LastRingPortrait_Cassini_1080.jpg",
        "1909/LastRingPortrait_Cassini_4472.jpg"),
    ]

    nonisolated public static let all: [APOD] = [image, video, other] + moreImages

    public static func pipeline() -> ImagePipeline {
      ImagePipeline(
        directory: temporaryDirectory("images"), session: URLSession(configuration: .ephemeral),
        decoder: ImageIODecoder(), clock: clock)
    }

    public static func repository(failingWith failure: APODError? = nil) -> APODRepository {
      APODRepository(
        source: PreviewAPODSource(answer: { day in
          failure.map { .failure($0) } ?? .success(APODPreviewData.sample(for: day))
        }),
        cache: JSONDiskCache(directory: temporaryDirectory("apod"), clock: clock), clock: clock)
    }

    nonisolated private static func sample(for day: APODDay) -> APOD {
      var apod = all[abs(APODDay.first.distance(to: day)) % all.count]
      apod.date = day
      apod.pageURL = APOD.legacyPageURL(for: day)
      return apod
    }

    nonisolated private static func sampleImage(
      _ date: APODDay, _ title: String, _ standard: String, _ large: String
    ) -> APOD {
      sample(
        date, title, .image, url: "https://apod.nasa.gov/apod/image/\(standard)",
        hdurl: "https://apod.nasa.gov/apod/image/\(large)")
    }

    nonisolated private static func sample(
      _ date: APODDay, _ title: String, _ mediaType: APODMediaType,
      explanation: String = "A sample explanation for previews.", url: String? = nil, hdurl: String? = nil,
      thumbnailURL: String? = nil, videoURL: String? = nil, copyright: String? = nil
    ) -> APOD {
      APOD(
        date: date, title: title, explanation: explanation, mediaType: mediaType,
        url: url.flatMap { URL(string: $0) }, hdurl: hdurl.flatMap { URL(string: $0) },
        thumbnailURL: thumbnailURL.flatMap { URL(string: $0) },
        videoURL: videoURL.flatMap { URL(string: $0) },
        copyright: copyright, pageURL: APOD.legacyPageURL(for: date), source: .v1)
    }

    nonisolated private static func day(_ year: Int, _ month: Int, _ day: Int) -> APODDay {
      (try? APODDay(year: year, month: month, day: day)) ?? .first
    }

    private static func temporaryDirectory(_ name: String) -> URL {
      FileManager.default.temporaryDirectory
        .appendingPathComponent("SpacerPreviews", isDirectory: true)
        .appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
    }
  }

  extension View {
    public func previewEnvironment(favoritesUnlocked: Bool = false, saved: [Favorite] = []) -> some View {
      let clock = APODPreviewData.clock
      let navigation = AppNavigation(clock: clock)
      let images = ImageModels(pipeline: APODPreviewData.pipeline(), clock: clock)
      let gate = PreviewFavoritesGate(isUnlocked: favoritesUnlocked)
      let repository = APODPreviewData.repository()
      let favorites = FavoritesModel(
        repository: PreviewFavoritesRepository(saved), gate: gate, pinner: images.pipeline, clock: clock,
        apods: repository)
      return
        self
        .environment(navigation)
        .environment(images)
        .environment(favorites)
        .environment(FavoriteHeart(favorites: favorites, gate: gate, clock: clock))
        .environment(
          DayDetails(navigation: navigation, repository: repository, images: images.pipeline, clock: clock))
    }
  }
#endif
