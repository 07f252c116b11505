#if canImport(CoreSpotlight) && canImport(SwiftUI)
  import AppNavigation
  import CoreSpotlight
  import Favorites
  import SwiftUI

  extension View {
    /// Opens the day of a tapped Spotlight result: the result's identifier is the day's link
    /// (Core's `SpotlightItem.link(forIdentifier:)`), delivered like any other link and routed
    /// through `DeepLink`. An identifier that is not a day's link opens nothing.
    public func opensSpotlightResults() -> some View {
      onContinueUserActivity(CSSearchableItemActionType) { activity in
        guard let identifier = activity.userInfo?[CSSearchableItemActivityIdentifier] as? String,
          let link = SpotlightItem.link(forIdentifier: identifier)
        else { return }
        LinkInbox.shared.deliver(link)
      }
    }
  }
#endif
