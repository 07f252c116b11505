#if canImport(SwiftUI)
  import DesignSystem
  import ScreenCore

  extension StatusBanner {
    /// The banner for a screen model's status line (`TodayModel.status`, `ExploreModel.status`):
    /// the model decides the kind and the sentence; an old copy looks stale, a notice or a current
    /// saved copy is a quiet notice.
    public init(status: ContentStatus) {
      let kind: StatusBanner.Kind =
        switch status.kind {
        case .stale: .stale
        case .notice, .savedCurrent: .notice
        }
      self.init(status.message, kind: kind)
    }
  }
#endif
