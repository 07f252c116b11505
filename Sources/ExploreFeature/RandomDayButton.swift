#if canImport(SwiftUI)
  import ExploreCore
  import SwiftUI

  /// Explore's "Random Day" button in the navigation bar. The view only reports the tap: which day
  /// (never one of the last 30 drawn) and where it opens (like a link to that day, through the
  /// app's navigation) are `RandomDayPicker`'s. Without a picker (previews) there is no button.
  struct RandomDayButton: ViewModifier {
    let picker: RandomDayPicker?

    @ViewBuilder func body(content: Content) -> some View {
      if let picker {
        content.toolbar {
          ToolbarItem(placement: .primaryAction) {
            Button("Random Day") {
              Task { await picker.openRandomDay() }
            }
          }
        }
      } else {
        content
      }
    }
  }
#endif
