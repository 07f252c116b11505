#if canImport(StoreKit) && canImport(SwiftUI)
  import StoreKit
  import SwiftUI

  extension View {
    /// StoreKit's `requestReview` action (iOS 16+) handed to `ask` on each change of `moment`; the
    /// caller decides whether to call it, and the system may still show nothing.
    @MainActor
    public func askingForReview<Moment: Equatable>(
      on moment: Moment, _ ask: @escaping @MainActor (_ request: @MainActor () -> Void) -> Void
    ) -> some View {
      modifier(ReviewAsking(moment: moment, ask: ask))
    }
  }

  @MainActor
  private struct ReviewAsking<Moment: Equatable>: ViewModifier {
    let moment: Moment
    let ask: @MainActor (_ request: @MainActor () -> Void) -> Void
    @Environment(\.requestReview) private var requestReview

    func body(content: Content) -> some View {
      content.onChange(of: moment, initial: true) { ask(requestReview.callAsFunction) }
    }
  }
#endif
