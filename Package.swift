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
  .library(name: "Networking", targets: ["Networking"]),
  .library(name: "NASA", targets: ["NASA"]),
  .library(name: "ImageCache", targets: ["ImageCache"]),
  .library(name: "Monetization", targets: ["Monetization"]),
  .library(name: "Favorites", targets: ["Favorites"]),
  .library(name: "Notifications", targets: ["Notifications"]),
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
  .target(name: "Networking", dependencies: ["Basics"], swiftSettings: explicitIsolation),
  .target(name: "NASA", dependencies: ["Basics", "Networking"], swiftSettings: explicitIsolation),
  .target(name: "ImageCache", dependencies: ["Basics", "Networking"], swiftSettings: explicitIsolation),
  .target(name: "Monetization", dependencies: ["Basics"], swiftSettings: explicitIsolation),
  .target(
    name: "Favorites",
    dependencies: ["NASA", "ImageCache", "Monetization"],
    swiftSettings: explicitIsolation
  ),
  .target(name: "Notifications", dependencies: ["Basics"], swiftSettings: explicitIsolation),
  .target(
    name: "AppCore",
    dependencies: [
      "Basics", "Networking", "NASA", "ImageCache", "Monetization", "Favorites", "Notifications",
    ],
    swiftSettings: mainActorByDefault
  ),
  .target(
    name: "TestSupport",
    dependencies: [
      "Basics", "Networking", "NASA", "ImageCache", "Monetization", "Favorites", "Notifications",
      .product(name: "FlyingFox", package: "FlyingFox"),
    ],
    swiftSettings: explicitIsolation
  ),
  .executableTarget(
    name: "spacer",
    dependencies: [
      "AppCore", "Basics", "NASA", "Networking", "TestSupport",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    swiftSettings: explicitIsolation
  ),
  .executableTarget(
    name: "spacer-bench",
    dependencies: ["AppCore", "NASA", "Networking", "ImageCache", "TestSupport"],
    swiftSettings: explicitIsolation
  ),

  // MARK: Tests (one target per Core module)
  .testTarget(name: "BasicsTests", dependencies: ["Basics", "TestSupport"]),
  .testTarget(name: "NetworkingTests", dependencies: ["Networking", "TestSupport"]),
  .testTarget(name: "NASATests", dependencies: ["NASA", "Networking", "TestSupport"]),
  .testTarget(name: "ImageCacheTests", dependencies: ["ImageCache", "Networking", "TestSupport"]),
  .testTarget(name: "MonetizationTests", dependencies: ["Monetization", "TestSupport"]),
  .testTarget(name: "FavoritesTests", dependencies: ["Favorites", "TestSupport"]),
  .testTarget(name: "NotificationsTests", dependencies: ["Notifications", "TestSupport"]),
  .testTarget(name: "AppCoreTests", dependencies: ["AppCore", "TestSupport"]),
  .testTarget(name: "SpacerCLITests", dependencies: ["spacer", "NASA", "TestSupport"]),
  // Reads the Core sources for API that compiles on Linux but not for iOS 17.
  .testTarget(name: "PortabilityTests"),
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
    .target(name: "FavoritesLive", dependencies: ["Favorites"], swiftSettings: explicitIsolation),
    .target(name: "NotificationsLive", dependencies: ["Notifications"], swiftSettings: explicitIsolation),
    .target(name: "ImageCacheLive", dependencies: ["ImageCache"], swiftSettings: explicitIsolation),
    .target(
      name: "MonetizationLive",
      dependencies: [
        "Monetization",
        // The binary has iOS, Mac Catalyst and tvOS slices only: a macOS build of the package
        // compiles MonetizationLive without it (its Purchasely files are `#if canImport`-guarded).
        .product(name: "Purchasely", package: "Purchasely-iOS", condition: .when(platforms: [.iOS])),
      ],
      swiftSettings: explicitIsolation
    ),

    // MARK: UI (Apple only; SwiftUI)
    .target(name: "DesignSystem", swiftSettings: mainActorByDefault),
    .target(
      name: "TodayFeature", dependencies: ["AppCore", "DesignSystem", "ImageCacheLive"],
      swiftSettings: mainActorByDefault),
    .target(
      name: "ExploreFeature", dependencies: ["AppCore", "DesignSystem", "TodayFeature"],
      swiftSettings: mainActorByDefault),
    .target(
      name: "FavoritesFeature", dependencies: ["AppCore", "DesignSystem", "TodayFeature"],
      swiftSettings: mainActorByDefault),
    .target(
      name: "ProfileFeature", dependencies: ["AppCore", "DesignSystem"], swiftSettings: mainActorByDefault),
    .target(
      name: "AppFeature",
      dependencies: [
        "AppCore", "Basics", "DesignSystem", "TodayFeature", "ExploreFeature", "FavoritesFeature",
        "ProfileFeature", "MonetizationLive", "FavoritesLive", "NotificationsLive", "ImageCacheLive",
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
