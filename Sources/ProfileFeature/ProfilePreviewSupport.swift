#if canImport(SwiftUI) && DEBUG
  import Basics
  import DesignSystem
  import Foundation
  import ProfileCore
  import SwiftUI

  /// A `ProfileModel` over ProfileCore's preview values (`ProfilePreview`: a monthly subscriber
  /// renewing in 20 days, Full mode, the reminder allowed), for previews only.
  @MainActor
  struct ProfilePreviewSample {
    let profile: ProfileModel

    init(monetizationEnabled: Bool) {
      profile = ProfilePreview.model(monetizationEnabled: monetizationEnabled, now: SystemClock().now)
    }
  }

  /// The Profile screen over a sample.
  struct ProfilePreviewHost: View {
    let sample: ProfilePreviewSample

    var body: some View {
      ProfileScreen()
        .environment(sample.profile)
        .spacerTheme()
    }
  }
#endif
