#if canImport(SwiftUI)
  import APODUI
  import AppCore
  import AppNavigation
  import Combine
  import DesignSystem
  import ExploreFeature
  import FavoritesFeature
  import Foundation
  import Monetization
  import ProfileFeature
  import SwiftUI
  import TodayFeature
  import ViewerCore

  #if canImport(UIKit)
    import UIKit
  #endif

  /// The app's root: four tabs, each handed its own model from the one `AppModel`, and the bridge
  /// from system events to it.
  ///
  /// It hands each screen its model (Today, Explore and Favorites also share the detail's image
  /// and favorite actions), starts the launch sequence, and forwards the scene returning from the
  /// background, memory warnings and time-zone changes. What it shows is `AppModel.navigation`'s
  /// (Core decides where a link goes, what is pushed, what is in front and which message shows):
  /// the tab, Explore's and Favorites' stacks (their setters report Back and pushes), the sheets
  /// each tab's details present (`APODDetailActions.on(_:)`), and the one alert. Links reach the
  /// model through `LinkInbox` at the App level. The onboarding paywall needs nothing
  /// here: `AppModel.launch()` presents it through the paywall presenter, over the top view
  /// controller.
  public struct RootView: View {
    private let model: AppModel
    /// An APOD detail's images and favorite button, the same on every tab.
    private let detailActions: APODDetailActions
    @Environment(\.scenePhase) private var scenePhase

    /// - Parameter model: the app's one model, built once per process.
    public init(model: AppModel) {
      self.model = model
      let (images, heart) = (model.images, model.heart)
      detailActions = APODDetailActions(
        images: images.pipeline,
        clock: model.clock,
        progressiveImage: { images.progressiveImage(for: $0) },
        isFavorite: { heart.isFavorite($0) },
        favoritesUnlocked: { heart.isUnlocked },
        toggleFavorite: { _ = await heart.toggle($0) },
        favoriteFailure: { heart.failure(for: $0) },
        daySwiper: { model.daySwiper(from: $0) },
        detailSwiper: { model.daySwiper(from: $0, in: $1) },
        navigation: model.navigation,
        saveToPhotos: { apod, saver in _ = await model.saveToPhotos(apod, using: saver) },
        shareFailed: { model.shareFailed($0) })
    }

    public var body: some View {
      TabView(selection: Binding(get: { model.navigation.tab }, set: { model.navigation.select($0) })) {
        TodayScreen(today: model.today, actions: detailActions.on(.today))
          .tabItem { Label("Today", systemImage: "sun.max") }
          .tag(AppTab.today)
        ExploreScreen(
          explore: model.explore, actions: detailActions.on(.explore), search: model.search,
          path: Binding(
            get: { model.navigation.explore.path },
            set: { model.navigation.stackMoved(on: .explore, to: $0) })
        )
        .tabItem { Label("Explore", systemImage: "square.grid.2x2") }
        .tag(AppTab.explore)
        FavoritesScreen(
          favorites: model.favorites, images: model.images.pipeline,
          // The gate shows the paywall; when it unlocks, the screen follows the entitlement.
          unlock: { _ = await model.attempt(.favorites) {} },
          detail: { model.favoriteDetail(for: $0) }, detailActions: detailActions.on(.favorites),
          purchaseLinks: { model.profile.purchaseLegalLinks },
          path: Binding(
            get: { model.navigation.favorites.path },
            set: { model.navigation.stackMoved(on: .favorites, to: $0) })
        )
        .tabItem { Label("Favorites", systemImage: "heart") }
        .tag(AppTab.favorites)
        ProfileScreen(profile: model.profile)
          .tabItem { Label("Profile", systemImage: "person.crop.circle") }
          .tag(AppTab.profile)
      }
      .task { await model.launch() }
      .onChange(of: scenePhase) { _, phase in
        let mirrored: AppModel.ScenePhase =
          switch phase {
          case .active: .active
          case .background: .background
          default: .inactive
          }
        Task { await model.scenePhaseDidChange(to: mirrored) }
      }
      .modifier(SystemEventForwarding(model: model))
      .modifier(OrientationFollowing(navigation: model.navigation))
      // Explore's root follows its search: the results while a query is typed, else the grid.
      .onChange(of: model.search.isSearching) { _, searching in model.navigation.searchActive(searching) }
      // The one message in front (never over a paywall; Core's queue decides). A message without
      // a title (a gate notice) is its own title.
      .alert(
        alertTitle,
        isPresented: Binding(
          get: { model.navigation.message != nil },
          // The OK button dismisses by id; the system's write of false after it must not dismiss
          // the message that came next, so it is ignored.
          set: { _ in }),
        presenting: model.navigation.message
      ) { message in
        Button("OK") { model.dismissMessage(message.id) }
      } message: { message in
        Text(verbatim: message.title.isEmpty ? "" : message.text)
      }
      .spacerTheme()
    }
  }

  extension RootView {
    /// The alert's title: the message's title, or its text when it has none.
    private var alertTitle: String {
      guard let message = model.navigation.message else { return "" }
      return message.title.isEmpty ? message.text : message.title
    }
  }

  /// The allowed orientations follow the navigation state wherever it changes (a link closing the
  /// viewer, say): the system is asked to re-read them, or to turn upright. A view closing its
  /// sheet has asked already, before the dismissal animated; asking again is harmless.
  private struct OrientationFollowing: ViewModifier {
    let navigation: AppNavigation

    func body(content: Content) -> some View {
      #if canImport(UIKit)
        content
          .onChange(of: navigation.allowedOrientations) { before, after in
            InterfaceRotation.apply(OrientationChange(from: before, to: after))
          }
      #else
        content
      #endif
    }
  }

  /// Memory warnings and time-zone changes, from `NotificationCenter`, to the models they concern:
  /// the images let go of decoded pictures, the daily reminder keeps its local time.
  private struct SystemEventForwarding: ViewModifier {
    let model: AppModel

    func body(content: Content) -> some View {
      content
        // Foundation does not say on which thread the time-zone notification is posted: hop to the
        // main queue before the main-actor closure runs.
        .onReceive(
          NotificationCenter.default.publisher(for: .NSSystemTimeZoneDidChange)
            .receive(on: DispatchQueue.main)
        ) { _ in
          Task { await model.profile.reminder.timeZoneDidChange() }
        }
        #if canImport(UIKit)
          .onReceive(
            NotificationCenter.default.publisher(for: UIApplication.didReceiveMemoryWarningNotification)
              .receive(on: DispatchQueue.main)
          ) { _ in
            Task { await model.images.handleMemoryWarning() }
          }
        #endif
    }
  }
#endif
