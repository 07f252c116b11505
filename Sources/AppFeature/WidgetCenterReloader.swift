import WidgetCore

#if canImport(WidgetKit)
  import Foundation
  import NASA
  import WidgetKit

  /// Core's `WidgetReloading` over WidgetKit: `WidgetRefresher` decides when, this asks.
  ///
  /// The repository tells its saves on whatever thread saved; the widget center is asked from the
  /// main actor.
  struct WidgetCenterReloader: WidgetReloading {
    func reloadTimelines(ofKind kind: String) {
      Task { @MainActor in WidgetCenter.shared.reloadTimelines(ofKind: kind) }
    }
  }
#endif
