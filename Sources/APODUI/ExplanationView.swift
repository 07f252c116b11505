#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import NASA
  import ScreenCore
  import SwiftUI
  #if canImport(Translation)
    // `translationPresentation` lives in the SDK's SwiftUI × Translation overlay module, which
    // importing both brings in; it is also imported by name where the SDK has it, so the modifier
    // is found whether or not the build loads cross-import overlays by itself.
    import Translation
    #if canImport(_Translation_SwiftUI)
      import _Translation_SwiftUI
    #endif
  #endif

  /// A day's explanation as clean text, selectable, with a Translate button under it when Core
  /// offers one (`ExplanationTranslation`: the reader's first preferred language is not English
  /// and the day has words of its own to translate). Translate opens the system's translation
  /// (iOS 17.4 and later; earlier systems show no button) on the explanation without its credit.
  /// Shared by every day's detail (Today, Explore, search results, Favorites).
  struct ExplanationView: View {
    let apod: APOD
    @State private var showsTranslation = false

    var body: some View {
      if !apod.explanationText.isEmpty {
        VStack(alignment: .leading, spacing: Spacing.small) {
          Text(apod.explanationText)
            .font(Typography.body)
            .foregroundStyle(Palette.primaryText)
            .fixedSize(horizontal: false, vertical: true)
            .textSelection(.enabled)
          translateButton
        }
      }
    }

    /// Translate, where the system has the translation popover and Core offers it.
    @ViewBuilder private var translateButton: some View {
      #if canImport(Translation)
        if #available(iOS 17.4, macOS 14.4, *) {
          if let offer = ExplanationTranslation(apod, preferredLanguages: Locale.preferredLanguages) {
            Button {
              showsTranslation = true
            } label: {
              Label("Translate", systemImage: "translate")
            }
            .buttonStyle(.bordered)
            .translationPresentation(isPresented: $showsTranslation, text: offer.text)
          }
        }
      #endif
    }
  }
#endif
