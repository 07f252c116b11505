#if canImport(SwiftUI)
  import AppNavigation
  import NASA
  import SwiftUI
  import ViewerCore

  /// The sheets a detail presents — the picture viewer, the video player, the share sheet — as the
  /// navigation state has them (`AppNavigation.sheet`, Core): the detail shows a sheet while the
  /// state has it in front, and reports what the user does. Presenting asks the system to re-read
  /// the allowed orientations (a picture or a video may turn); a close is reported before the
  /// dismissal animates, so the app is upright again first (`AppNavigation`'s rule). The app
  /// delegate answers UIKit from the same state.
  ///
  /// One per tab: the same day may show on two tabs (Today's picture pushed on Explore too), and
  /// only the tab on screen presents.
  public struct SheetPresentation {
    private let navigation: AppNavigation
    private let tab: AppTab

    /// - Parameters:
    ///   - navigation: the app's navigation state (`AppModel.navigation`).
    ///   - tab: the tab whose details present through this value.
    public init(navigation: AppNavigation, tab: AppTab) {
      self.navigation = navigation
      self.tab = tab
    }

    /// Whether `sheet`, as this tab's view presented it (on the day it opened on), is in front: a
    /// viewer swiped to other days still is (`AppNavigation.isShowing(_:)`).
    func isPresented(_ sheet: Sheet) -> Bool {
      navigation.tab == tab && navigation.isShowing(sheet)
    }

    /// The viewer presented as `sheet` swiped to `day`: the state follows the day shown.
    func swiped(_ sheet: Sheet, to day: APODDay) {
      guard isPresented(sheet) else { return }
      navigation.sheetSwiped(to: day)
    }

    /// The user opened `sheet`.
    func present(_ sheet: Sheet) {
      rotate(navigation.present(sheet))
    }

    /// The user is closing `sheet` (its close button, a pull that dismisses, the system's write of
    /// false): reported at once, before the dismissal animates. A late report of a sheet no longer
    /// in front changes nothing (Core's rule).
    func close(_ sheet: Sheet) {
      rotate(navigation.dismissSheet(sheet))
    }

    /// For `sheet(isPresented:)` and `fullScreenCover(isPresented:)`: true while `sheet` is in
    /// front; the system's write of false reports the close. Call it in `body`: the state is read
    /// there too, so the view follows it, and the getter reads it live (never a stale true after
    /// the close was reported).
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
