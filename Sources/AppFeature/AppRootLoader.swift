#if canImport(SwiftUI) && os(iOS)
  import DesignSystem
  import SwiftUI

  /// The app's first view: builds the live environment once (the favorites store opens
  /// asynchronously), then shows `RootView`. Until then it shows the plain background, matching the
  /// empty launch screen, so the switch is not noticeable.
  public struct AppRootLoader: View {
    @State private var environment: LiveAppEnvironment?

    public init() {}

    public var body: some View {
      Group {
        if let environment {
          RootView(model: environment.model, launchNotice: environment.launchNotice)
        } else {
          Palette.background
            .ignoresSafeArea()
            .task {
              guard environment == nil else { return }
              environment = await LiveAppEnvironment.make()
            }
        }
      }
      .spacerTheme()
    }
  }
#endif
