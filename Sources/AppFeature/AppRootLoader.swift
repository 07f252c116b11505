#if canImport(SwiftUI) && os(iOS)
  import AppNavigation
  import DesignSystem
  import SwiftUI

  /// Shows the plain background until the environment is built, matching the empty launch screen. It
  /// exists from the first frame, so links opened from outside are taken here and handed to `LinkInbox`.
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
            .task { environment = await LiveAppEnvironment.shared() }
        }
      }
      .onOpenURL { url in
        LinkInbox.shared.deliver(url)
      }
      .spacerTheme()
    }
  }
#endif
