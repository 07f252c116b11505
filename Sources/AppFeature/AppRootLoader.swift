#if canImport(SwiftUI) && os(iOS)
  import AppNavigation
  import DesignSystem
  import SwiftUI

  /// The app's first view: asks for the live environment (built once per process, however many
  /// scenes ask: `LiveAppEnvironment.shared()`), then shows `RootView`. Until then it shows the
  /// plain background, matching the empty launch screen, so the switch is not noticeable.
  ///
  /// It exists from the first frame, so links opened from outside (a widget tap, a `spacer://`
  /// URL) are taken here and handed to `LinkInbox`, which keeps one that arrives before the model
  /// exists and applies it once the model is built.
  public struct AppRootLoader: View {
    @State private var environment: LiveAppEnvironment?

    public init() {}

    public var body: some View {
      Group {
        if let environment {
          RootView(model: environment.model)
        } else {
          Palette.background
            .ignoresSafeArea()
            .task {
              guard environment == nil else { return }
              environment = await LiveAppEnvironment.shared()
            }
        }
      }
      .onOpenURL { url in
        LinkInbox.shared.deliver(url)
      }
      .spacerTheme()
    }
  }
#endif
