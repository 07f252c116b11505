// swift-tools-version: 6.2
// Spacer: every decision lives in Core targets that build and are tested on Linux.
// Apple-only targets (Live adapters and SwiftUI features) are declared only when the
// manifest is evaluated on an Apple host, so Linux never resolves the Purchasely package.
import PackageDescription

/// Modules that perform I/O or hold pure logic: isolation is spelled out in the types
/// (actors, `Sendable` values, explicit `@MainActor` on screen models).
let explicitIsolation: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// UI-facing modules: everything is on the main actor unless it opts out.
let mainActorByDefault: [SwiftSetting] = explicitIsolation + [.defaultIsolation(MainActor.self)]

var products: [Product] = [
  .library(name: "Basics", targets: ["Basics"]),
  .library(name: "Localization", targets: ["Localization"]),
  .library(name: "Networking", targets: ["Networking"]),
  .library(name: "TextCleaning", targets: ["TextCleaning"]),
  .library(name: "NASA", targets: ["NASA"]),
  .library(name: "Playback", targets: ["Playback"]),
  .library(name: "APODSearch", targets: ["APODSearch"]),
  .library(name: "Sharing", targets: ["Sharing"]),
  .library(name: "WidgetCore", targets: ["WidgetCore"]),
  .library(name: "ImageCache", targets: ["ImageCache"]),
  .library(name: "Monetization", targets: ["Monetization"]),
  .library(name: "Favorites", targets: ["Favorites"]),
  .library(name: "Notifications", targets: ["Notifications"]),
  .library(name: "ScreenCore", targets: ["ScreenCore"]),
  .library(name: "TodayCore", targets: ["TodayCore"]),
  .library(name: "ExploreCore", targets: ["ExploreCore"]),
  .library(name: "ViewerCore", targets: ["ViewerCore"]),
  .library(name: "FavoritesCore", targets: ["FavoritesCore"]),
  .library(name: "ProfileCore", targets: ["ProfileCore"]),
  .library(name: "AppNavigation", targets: ["AppNavigation"]),
  .library(name: "AppCore", targets: ["AppCore"]),
  .executable(name: "spacer", targets: ["spacer"]),
  .executable(name: "spacer-bench", targets: ["spacer-bench"]),
]

var dependencies: [Package.Dependency] = [
  .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
]

var targets: [Target] = [
  // MARK: Core (Linux and iOS)
  // The vocabulary every Core module shares (the clock, the serial task queue); no dependencies.
  .target(name: "Basics", swiftSettings: explicitIsolation),
  .target(name: "Localization", swiftSettings: explicitIsolation),
  .target(name: "Networking", dependencies: ["Basics", "Localization"], swiftSettings: explicitIsolation),
  // APOD text as people read it: HTML fragments to plain text, entities, whitespace; no dependencies.
  .target(name: "TextCleaning", swiftSettings: explicitIsolation),
  // The APOD domain (the day, the picture, its media URL), NASA's two services and the repository.
  .target(
    name: "NASA", dependencies: ["Basics", "Localization", "Networking", "TextCleaning"],
    swiftSettings: explicitIsolation),
  // How a day's media plays: native video, an embedded player's page, or the APOD page.
  .target(name: "Playback", dependencies: ["Basics", "NASA"], swiftSettings: explicitIsolation),
  // Searching the saved days: the index, the library that keeps it in step with saves, the filter.
  .target(
    name: "APODSearch", dependencies: ["Basics", "NASA", "Playback", "TextCleaning"],
    swiftSettings: explicitIsolation),
  // What Share offers for a day and Save to Photos' rules.
  .target(
    name: "Sharing", dependencies: ["ImageCache", "Localization", "NASA", "Playback"],
    swiftSettings: explicitIsolation),
  // The widget's decisions (timeline, reloads, deep links) and the App Group storage it shares
  // with the app.
  .target(
    name: "WidgetCore", dependencies: ["Basics", "ImageCache", "Localization", "NASA", "Networking"],
    swiftSettings: explicitIsolation),
  .target(
    name: "ImageCache", dependencies: ["Basics", "Localization", "Networking"],
    swiftSettings: explicitIsolation),
  .target(name: "Monetization", dependencies: ["Basics", "Localization"], swiftSettings: explicitIsolation),
  .target(
    name: "Favorites",
    dependencies: ["Basics", "Localization", "NASA", "ImageCache", "WidgetCore"],
    swiftSettings: explicitIsolation
  ),
  .target(
    name: "Notifications", dependencies: ["Basics", "ImageCache", "Localization", "NASA"],
    swiftSettings: explicitIsolation),

  // MARK: Screen models (Linux and iOS): one module per screen, each over narrow protocols
  // The vocabulary Today and Explore share (screen state, status line, hero, the Translate offer),
  // without either.
  .target(
    name: "ScreenCore", dependencies: ["Localization", "NASA", "Playback", "TextCleaning"],
    swiftSettings: explicitIsolation),
  .target(
    name: "TodayCore", dependencies: ["Basics", "ImageCache", "NASA", "ScreenCore", "ViewerCore"],
    swiftSettings: explicitIsolation),
  .target(
    name: "ExploreCore", dependencies: ["APODSearch", "Basics", "Localization", "NASA", "ScreenCore"],
    swiftSettings: explicitIsolation),
  .target(
    name: "ViewerCore", dependencies: ["Basics", "ImageCache", "NASA", "ScreenCore"],
    swiftSettings: explicitIsolation),
  .target(
    name: "FavoritesCore", dependencies: ["Basics", "Favorites", "Localization", "NASA", "ScreenCore"],
    swiftSettings: explicitIsolation),
  .target(
    name: "ProfileCore", dependencies: ["Localization", "Monetization", "Notifications"],
    swiftSettings: mainActorByDefault),

  // Where the user is and what is in front of them: tab, stacks, sheet, messages, orientation,
  // and where a link goes.
  .target(
    name: "AppNavigation",
    dependencies: ["Basics", "ImageCache", "Localization", "NASA", "Sharing", "ViewerCore", "WidgetCore"],
    swiftSettings: mainActorByDefault),

  // MARK: Composition root (Linux and iOS)
  .target(
    name: "AppCore",
    dependencies: [
      "AppNavigation", "Basics", "NASA", "ImageCache", "Localization", "Monetization", "Favorites",
      "Notifications", "Sharing", "TodayCore",
      "ExploreCore",
      "ViewerCore", "FavoritesCore", "ProfileCore", "WidgetCore",
    ],
    swiftSettings: mainActorByDefault
  ),

  // MARK: Test-only (tests, the `spacer` tools and CI). Nothing the app or the widget links depends
  // on them, debug previews included (they use the preview values beside each interface);
  // ManifestImportTests checks the app's dependency closure.
  // One set of doubles for every client, used by tests and the simulator.
  .target(
    name: "TestSupport",
    dependencies: [
      "Basics", "NASA", "ImageCache", "Monetization", "Favorites", "Notifications", "WidgetCore",
    ],
    path: "Tools/TestSupport",
    swiftSettings: explicitIsolation
  ),
  // The loopback HTTP server (FlyingFox on 127.0.0.1) and the demo NASA server built on it.
  .target(
    name: "TestServer",
    dependencies: [
      "Basics", "NASA", "ImageCache", "Networking", "TestSupport",
      .product(name: "FlyingFox", package: "FlyingFox"),
    ],
    path: "Tools/TestServer",
    swiftSettings: explicitIsolation
  ),
  // The executable scenarios (`spacer simulate`): the real `AppModel` in a simulated store world,
  // and the journeys against the demo NASA server.
  .target(
    name: "ScenarioSimulator",
    dependencies: [
      "AppCore", "Basics", "Monetization", "Favorites", "FavoritesCore", "NASA", "ImageCache", "Networking",
      "ProfileCore", "TestSupport", "TestServer", "ScreenCore", "TodayCore", "ExploreCore", "ViewerCore",
      "APODSearch", "AppNavigation", "Notifications", "Sharing", "WidgetCore",
    ],
    path: "Tools/ScenarioSimulator",
    swiftSettings: explicitIsolation
  ),
  .executableTarget(
    name: "spacer",
    dependencies: [
      "APODSearch", "Basics", "NASA", "Playback", "ScenarioSimulator", "ScreenCore", "TestServer",
      "TestSupport",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    swiftSettings: explicitIsolation
  ),
  .executableTarget(
    name: "spacer-bench",
    dependencies: [
      "APODSearch", "AppCore", "Basics", "Favorites", "Monetization", "NASA", "Networking", "ImageCache",
      "TodayCore", "ViewerCore", "TestSupport", "TestServer", "WidgetCore",
    ],
    path: "Tools/spacer-bench",
    swiftSettings: explicitIsolation
  ),

  // MARK: Tests (one target per Core module)
  .testTarget(name: "BasicsTests", dependencies: ["Basics", "TestSupport"]),
  .testTarget(name: "NetworkingTests", dependencies: ["Networking", "TestSupport", "TestServer"]),
  // A repository over a scripted source, a hand-moved clock and a temporary folder, for the tests
  // of NASA and of the screen models built on it (the Today and Explore models over it).
  .target(
    name: "APODTestSupport",
    dependencies: ["Basics", "NASA", "Networking", "TestServer", "TestSupport", "TodayCore", "ExploreCore"],
    path: "Tests/APODTestSupport",
    swiftSettings: explicitIsolation),
  .testTarget(name: "TextCleaningTests", dependencies: ["TextCleaning"]),
  // The clock-before-the-first-day tests also reach search and the widget: one rule, every reader.
  .testTarget(
    name: "NASATests",
    dependencies: [
      "APODSearch", "Localization", "NASA", "Networking", "TestSupport", "TestServer", "APODTestSupport",
      "TextCleaning", "WidgetCore",
    ]),
  .testTarget(
    name: "PlaybackTests", dependencies: ["Basics", "NASA", "Playback", "TestSupport", "APODTestSupport"]),
  .testTarget(
    name: "APODSearchTests",
    dependencies: ["APODSearch", "Basics", "NASA", "Networking", "TestSupport", "APODTestSupport"]),
  .testTarget(
    name: "SharingTests",
    dependencies: [
      "APODTestSupport", "ImageCache", "ImageTestSupport", "NASA", "Sharing", "TestServer", "TestSupport",
    ]),
  .testTarget(
    name: "WidgetCoreTests",
    dependencies: [
      "Basics", "ImageCache", "NASA", "Networking", "WidgetCore", "TestSupport", "APODTestSupport",
    ]),
  // Images over a loopback server, a hand-moved clock and a temporary folder, for the pipeline's
  // and the viewer's tests.
  .target(
    name: "ImageTestSupport",
    dependencies: ["Basics", "ImageCache", "Networking", "TestSupport", "TestServer"],
    path: "Tests/ImageTestSupport"),
  .testTarget(
    name: "ImageCacheTests",
    dependencies: ["Basics", "ImageCache", "Networking", "TestSupport", "TestServer", "ImageTestSupport"]),
  .testTarget(name: "MonetizationTests", dependencies: ["Basics", "Monetization", "TestSupport"]),
  // Favorites built by day, a hand-moved clock and a temporary folder, for the store's and the
  // screen's tests.
  .target(
    name: "FavoritesTestSupport", dependencies: ["Favorites", "NASA", "TestSupport"],
    path: "Tests/FavoritesTestSupport"),
  .testTarget(
    name: "FavoritesTests",
    dependencies: [
      "Basics", "Favorites", "ImageCache", "NASA", "TestSupport", "FavoritesTestSupport", "WidgetCore",
    ]),
  .testTarget(
    name: "ScreenCoreTests",
    dependencies: [
      "ScreenCore", "TodayCore", "ExploreCore", "APODSearch", "NASA", "Networking", "Playback", "TestSupport",
      "TestServer", "APODTestSupport",
    ]),
  .testTarget(
    name: "TodayCoreTests",
    dependencies: [
      "Basics", "TodayCore", "ScreenCore", "NASA", "Networking", "TestServer", "TestSupport",
      "APODTestSupport", "ImageCache", "ImageTestSupport", "ViewerCore",
    ]),
  .testTarget(
    name: "ExploreCoreTests",
    dependencies: [
      "APODSearch", "Basics", "ExploreCore", "ScreenCore", "NASA", "Networking", "TestSupport",
      "TestServer", "APODTestSupport",
    ]),
  .testTarget(
    name: "ViewerCoreTests",
    dependencies: [
      "ViewerCore", "ImageCache", "NASA", "Networking", "TestSupport", "TestServer", "ImageTestSupport",
    ]),
  .testTarget(
    name: "FavoritesCoreTests",
    dependencies: [
      "FavoritesCore", "Favorites", "NASA", "Networking", "TestSupport", "FavoritesTestSupport",
    ]),
  .testTarget(
    name: "ProfileCoreTests", dependencies: ["ProfileCore", "Monetization", "Notifications", "TestSupport"]),
  .testTarget(
    name: "NotificationsTests",
    dependencies: [
      "APODTestSupport", "ImageCache", "ImageTestSupport", "NASA", "Notifications", "TestSupport",
    ]),
  .testTarget(
    name: "AppNavigationTests",
    dependencies: ["AppNavigation", "NASA", "TestSupport", "ViewerCore", "WidgetCore"]),
  .testTarget(
    name: "AppCoreTests",
    dependencies: [
      "APODTestSupport", "AppCore", "AppNavigation", "ExploreCore", "Favorites", "ImageCache", "Monetization",
      "NASA", "Networking", "Notifications",
      "ProfileCore", "Sharing", "TestSupport", "TodayCore", "ViewerCore", "WidgetCore",
    ]),
  .testTarget(
    name: "ScenarioSimulatorTests", dependencies: ["ScenarioSimulator", "Monetization", "TestSupport"]),
  .testTarget(
    name: "SpacerCLITests",
    dependencies: [
      "spacer", "NASA", "ScreenCore", "TestSupport", "TestServer",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]),
  // Reads the Core sources for API that compiles on Linux but not for iOS 17.
  .testTarget(name: "PortabilityTests"),
  // Reads the String Catalog and the sources: every key translated, every key the code uses present.
  .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
]

// MARK: Apple-only tiers (Live adapters, SwiftUI features)
// Evaluated only on an Apple host; Linux CI never sees these targets or their packages.
#if canImport(Darwin)
  let appleOnlyProducts: [Product] = [
    .library(name: "FavoritesLive", targets: ["FavoritesLive"]),
    .library(name: "NotificationsLive", targets: ["NotificationsLive"]),
    .library(name: "DesignSystem", targets: ["DesignSystem"]),
    .library(name: "MonetizationLive", targets: ["MonetizationLive"]),
    .library(name: "ImageCacheLive", targets: ["ImageCacheLive"]),
    .library(name: "APODUI", targets: ["APODUI"]),
    .library(name: "TodayFeature", targets: ["TodayFeature"]),
    .library(name: "ExploreFeature", targets: ["ExploreFeature"]),
    .library(name: "FavoritesFeature", targets: ["FavoritesFeature"]),
    .library(name: "ProfileFeature", targets: ["ProfileFeature"]),
    // The one product the Xcode app target links: the root view and the live object graph.
    .library(name: "AppFeature", targets: ["AppFeature"]),
  ]
  let appleOnlyDependencies: [Package.Dependency] = [
    // A pre-release resolves only with an exact pin; later RCs and 6.0.0 renamed public API.
    .package(url: "https://github.com/Purchasely/Purchasely-iOS", exact: "6.0.0-rc.1")
  ]
  let appleOnlyTargets: [Target] = [
    // MARK: Live adapters (Apple only)
    .target(
      name: "FavoritesLive", dependencies: ["Basics", "Favorites", "NASA"], swiftSettings: explicitIsolation),
    .target(name: "NotificationsLive", dependencies: ["Notifications"], swiftSettings: explicitIsolation),
    .target(name: "ImageCacheLive", dependencies: ["ImageCache"], swiftSettings: explicitIsolation),
    .target(
      name: "MonetizationLive",
      dependencies: [
        "Basics", "Localization", "Monetization",
        // The binary has iOS, Mac Catalyst and tvOS slices only: a macOS build of the package
        // compiles MonetizationLive without it (its Purchasely files are `#if canImport`-guarded).
        .product(name: "Purchasely", package: "Purchasely-iOS", condition: .when(platforms: [.iOS])),
      ],
      swiftSettings: explicitIsolation
    ),

    // MARK: UI (Apple only; SwiftUI)
    .target(name: "DesignSystem", swiftSettings: mainActorByDefault),
    // The views every APOD screen shares: the detail card, the hero, the viewer, thumbnails.
    .target(
      name: "APODUI",
      dependencies: [
        "AppNavigation", "Basics", "DesignSystem", "Favorites", "FavoritesCore", "ImageCache",
        "ImageCacheLive",
        "NASA", "Networking", "Playback",
        "ScreenCore", "Sharing", "TextCleaning", "ViewerCore",
      ],
      swiftSettings: mainActorByDefault),
    // Each screen: its own Core module, the Core client modules whose values it draws, the design
    // system and the shared APOD views; never another screen or another tab's Core, never AppCore.
    .target(
      name: "TodayFeature", dependencies: ["TodayCore", "NASA", "DesignSystem", "APODUI", "ViewerCore"],
      swiftSettings: mainActorByDefault),
    .target(
      name: "ExploreFeature",
      dependencies: [
        "APODSearch", "AppNavigation", "ExploreCore", "ImageCache", "NASA", "DesignSystem", "APODUI",
        "ViewerCore",
      ],
      swiftSettings: mainActorByDefault),
    .target(
      name: "FavoritesFeature",
      dependencies: [
        "AppNavigation", "FavoritesCore", "Favorites", "ImageCache", "ImageCacheLive", "Monetization", "NASA",
        "DesignSystem", "APODUI", "ViewerCore",
      ],
      swiftSettings: mainActorByDefault),
    .target(
      name: "ProfileFeature",
      dependencies: ["Basics", "ProfileCore", "Monetization", "Notifications", "DesignSystem"],
      swiftSettings: mainActorByDefault),
    // The one importer of AppCore: builds the live graph and hands each screen its model.
    .target(
      name: "AppFeature",
      dependencies: [
        "AppCore", "AppNavigation", "Basics", "Favorites", "FavoritesCore", "Monetization",
        "NASA",
        "Notifications", "Sharing",
        "ViewerCore", "DesignSystem", "APODUI", "TodayFeature", "ExploreFeature", "FavoritesFeature",
        "ProfileFeature",
        "MonetizationLive", "FavoritesLive", "NotificationsLive", "ImageCacheLive", "WidgetCore",
      ],
      swiftSettings: mainActorByDefault),
  ]
  products += appleOnlyProducts
  dependencies += appleOnlyDependencies
  targets += appleOnlyTargets
#endif

let package = Package(
  name: "Spacer",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: products,
  dependencies: dependencies,
  targets: targets,
  swiftLanguageModes: [.v6]
)
