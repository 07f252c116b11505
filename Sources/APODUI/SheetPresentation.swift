#if canImport(SwiftUI)
  import AppNavigation
  import NASA
  import SwiftUI
  import ViewerCore

  /// Presenting asks the system to re-read the allowed orientations; a close is reported before the
  /// dismissal animates, so the app is upright again first. One per tab: the same day may show on two
  /// tabs, and only the tab on screen presents.
  public struct SheetPresentation {
    private let navigation: AppNavigation
    private let tab: AppTab

    public init(navigation: AppNavigation, tab: AppTab) {
      self.navigation = navigation
      self.tab = tab
    }

    /// A viewer swiped to other days still is.
    func isPresented(_ sheet: Sheet) -> Bool {
      navigation.tab == tab && navigation.isShowing(sheet)
    }

    func swiped(_ sheet: Sheet, to day: APODDay) {
      guard isPresented(sheet) else { return }
      navigation.sheetSwiped(to: day)
    }

    func present(_ sheet: Sheet) {
      rotate(navigation.present(sheet))
    }

    /// Reported before the dismissal animates; a late report of a sheet no longer in front changes
    /// nothing.
    func close(_ sheet: Sheet) {
      rotate(navigation.dismissSheet(sheet))
    }

    /// Call it in `body`, so the view follows the state; the getter reads it live (never a stale true
    /// after the close was reported).
    func binding(_ sheet: Sheet) -> Binding<Bool> {
      _ = isPresented(sheet)
      return Binding(get: { isPresented(sheet) }, set: { if !$0 { close(sheet) } })
    }

    private func rotate(_ change: OrientationChange) {
      #if canImport(UIKit)
        InterfaceRotation.apply(change)
      #endif
    }
  }
#endif
