#if canImport(SwiftUI)
  import APODUI
  import AppCore
  import Combine
  import DesignSystem
  import ExploreFeature
  import FavoritesFeature
  import Foundation
  import Monetization
  import ProfileFeature
  import SwiftUI
  import TodayFeature

  #if canImport(UIKit)
    import UIKit
  #endif

  /// The app's root: four tabs, each handed its own model from the one `AppModel`, and the bridge
  /// from system events to it.
  ///
  /// It hands each screen its model (Today, Explore and Favorites also share the detail's image
  /// and favorite actions), starts the launch sequence, and forwards the scene returning from the
  /// background, memory warnings and time-zone changes. The onboarding paywall needs nothing here:
  /// `AppModel.launch()` presents it through the paywall presenter, over the top view controller.
  public struct RootView: View {
    /// The tabs, in order.
    enum RootTab: Hashable {
      case today, explore, favorites, profile
    }

    private let model: AppModel
    /// An APOD detail's images and favorite button, the same on every tab.
    private let detailActions: APODDetailActions
    @State private var selection: RootTab = .today
    /// Shown once after launch, then cleared.
    @State private var launchNotice: String?
    @Environment(\.scenePhase) private var scenePhase

    /// - Parameters:
    ///   - model: the app's one model, built once by the caller.
    ///   - launchNotice: a sentence to show once, such as the favorites store having been set aside.
    public init(model: AppModel, launchNotice: String? = nil) {
      self.model = model
      let (images, heart) = (model.images, model.heart)
      detailActions = APODDetailActions(
        images: images.pipeline,
        progressiveImage: { images.progressiveImage(for: $0) },
        isFavorite: { heart.isFavorite($0) },
        favoritesUnlocked: { heart.isUnlocked },
        toggleFavorite: { _ = await heart.toggle($0) },
        favoriteFailure: { heart.failure(for: $0) },
        daySwiper: { model.daySwiper(from: $0) })
      _launchNotice = State(initialValue: launchNotice)
    }

    public var body: some View {
      TabView(selection: $selection) {
        TodayScreen(today: model.today, actions: detailActions)
          .tabItem { Label("Today", systemImage: "sun.max") }
          .tag(RootTab.today)
        ExploreScreen(explore: model.explore, actions: detailActions, search: model.search)
          .tabItem { Label("Explore", systemImage: "square.grid.2x2") }
          .tag(RootTab.explore)
        FavoritesScreen(
          favorites: model.favorites, images: model.images.pipeline,
          // The gate shows the paywall; when it unlocks, the screen follows the entitlement.
          unlock: { _ = await model.attempt(.favorites) {} },
          detail: { model.favoriteDetail(for: $0) }, detailActions: detailActions,
          purchaseLinks: { model.profile.purchaseLegalLinks }
        )
        .tabItem { Label("Favorites", systemImage: "heart") }
        .tag(RootTab.favorites)
        ProfileScreen(profile: model.profile)
          .tabItem { Label("Profile", systemImage: "person.crop.circle") }
          .tag(RootTab.profile)
      }
      .task { await model.launch() }
      // A notification tap asked for a tab (the reminder opens Today).
      .onChange(of: model.router.destination, initial: true) { _, destination in
        guard let destination else { return }
        switch destination {
        case .today: selection = .today
        case .day: selection = .explore  // A day link shows the day on Explore.
        }
        model.router.destinationShown()
      }
      // App Shortcuts and links, routed through `DeepLink` in Core.
      .onChange(of: AppLinkInbox.shared.pending, initial: true) { _, _ in
        guard let url = AppLinkInbox.shared.take() else { return }
        Task { await model.router.open(url: url) }
      }
      .onOpenURL { url in
        Task { await model.router.open(url: url) }
      }
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
      .alert(
        "Favorites",
        isPresented: Binding(
          get: { launchNotice != nil },
          set: { isPresented in
            if !isPresented { launchNotice = nil }
          }),
        presenting: launchNotice
      ) { _ in
        Button("OK") { launchNotice = nil }
      } message: { notice in
        Text(notice)
      }
      .alert(
        model.gateNotice ?? "",
        isPresented: Binding(
          get: { model.gateNotice != nil },
          set: { isPresented in
            if !isPresented { model.dismissGateNotice() }
          })
      ) {
        Button("OK") { model.dismissGateNotice() }
      }
      .spacerTheme()
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
