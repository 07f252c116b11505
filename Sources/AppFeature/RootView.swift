#if canImport(SwiftUI)
  import APODUI
  import AppCore
  import AppNavigation
  import Combine
  import DesignSystem
  import ExploreFeature
  import FavoritesFeature
  import Foundation
  import MonetizationLive
  import ProfileFeature
  import SwiftUI
  import TodayFeature
  import ViewerCore

  #if canImport(UIKit)
    import UIKit
  #endif

  /// The onboarding paywall needs nothing here: `AppModel.launch()` presents it through the paywall
  /// presenter, over the top view controller.
  public struct RootView: View {
    private let model: AppModel
    @Environment(\.scenePhase) private var scenePhase

    public init(model: AppModel) {
      self.model = model
    }

    public var body: some View {
      TabView(selection: Binding(get: { model.navigation.tab }, set: { model.navigation.select($0) })) {
        TodayScreen()
          .environment(\.appTab, .today)
          .tabItem { Label("Today", systemImage: "sun.max") }
          .tag(AppTab.today)
        ExploreScreen()
          .environment(\.appTab, .explore)
          .tabItem { Label("Explore", systemImage: "square.grid.2x2") }
          .tag(AppTab.explore)
        FavoritesScreen(purchaseLinks: { model.profile.purchaseLegalLinks })
          .environment(\.appTab, .favorites)
          .tabItem { Label("Favorites", systemImage: "heart") }
          .tag(AppTab.favorites)
        ProfileScreen()
          .tabItem { Label("Profile", systemImage: "person.crop.circle") }
          .tag(AppTab.profile)
      }
      .task { await model.launch() }
      .onChange(of: scenePhase) { _, phase in Task { await model.scenePhaseDidChange(to: .init(phase)) } }
      .modifier(SystemEventForwarding(model: model))
      .modifier(OrientationFollowing(navigation: model.navigation))
      .askingForReview(on: model.reviews.moment) { model.reviews.ask($0) }
      .modifier(HandoffOffering(page: model.navigation.handoffPage(todayShows: model.todayShows)))
      // Explore's root follows its search: the results while a query is typed, else the grid.
      .onChange(of: model.search.isSearching) { _, searching in model.navigation.searchActive(searching) }
      // The one message in front (never over a paywall; Core's queue decides). A message without
      // a title (a gate notice) is its own title.
      .alert(
        alertTitle,
        isPresented: Binding(
          get: { model.navigation.message != nil },
          // The OK button dismisses by id; Core tells the system's write that follows it (which
          // must not dismiss the next message) from one that closed the alert by itself.
          set: { model.navigation.alertPresentationWritten($0) }),
        presenting: model.navigation.message
      ) { message in
        Button("OK") { model.navigation.dismissMessage(message.id) }
      } message: { message in
        Text(verbatim: message.title.isEmpty ? "" : message.text)
      }
      .environment(model.navigation)
      .environment(model.images)
      .environment(model.heart)
      .environment(model.details)
      .environment(model.today)
      .environment(model.explore)
      .environment(model.search)
      .environment(model.favorites)
      .environment(model.profile)
      .spacerTheme()
    }
  }

  extension AppModel.ScenePhase {
    fileprivate init(_ phase: SwiftUI.ScenePhase) {
      switch phase {
      case .active: self = .active
      case .background: self = .background
      default: self = .inactive
      }
    }
  }

  extension RootView {
    private var alertTitle: String {
      guard let message = model.navigation.message else { return "" }
      return message.title.isEmpty ? message.text : message.title
    }
  }

  /// A view closing its sheet has asked already, before the dismissal animated; asking again is
  /// harmless.
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

  /// SwiftUI's `userActivity(_:isActive:_:)` advertises it to the user's other devices (Handoff).
  private struct HandoffOffering: ViewModifier {
    let page: URL?

    func body(content: Content) -> some View {
      content
        .userActivity(Handoff.activityType, isActive: page != nil) { $0.webpageURL = page }
        .onContinueUserActivity(Handoff.activityType) { Handoff.continued(page: $0.webpageURL) }
    }
  }

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
