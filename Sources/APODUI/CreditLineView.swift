#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import NASA
  import SwiftUI
  import TextCleaning

  /// "Credit & Copyright": the day's credit line, the names linked where the feed linked them
  /// (a tap opens the photographer's site or the licence in the browser, SwiftUI's default for a
  /// link in `Text`). The runs come from Core (`APOD.creditAttribution`); this only draws them.
  struct CreditLineView: View {
    let attribution: CreditAttribution

    var body: some View {
      Text(Self.attributed(attribution.runs))
        .font(Typography.caption)
        .foregroundStyle(Palette.secondaryText)
        .fixedSize(horizontal: false, vertical: true)
        .accessibilityLabel(Text("Credit & Copyright") + Text(verbatim: ", " + attribution.text))
    }

    /// One attributed string: each run's words, with its link. (Emphasis is kept in the runs but
    /// not drawn: the caption is one style, and the words are the same.)
    static func attributed(_ runs: [CreditRun]) -> AttributedString {
      var line = AttributedString()
      for run in runs {
        var piece = AttributedString(run.text)
        if let link = run.link {
          piece.link = link
        }
        line += piece
      }
      return line
    }
  }
#endif
