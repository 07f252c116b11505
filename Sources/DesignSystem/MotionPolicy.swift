#if canImport(SwiftUI)
  import SwiftUI

  /// With Reduce Motion on, animations are skipped and transitions become cross-fades, which the
  /// accessibility setting permits.
  nonisolated public struct MotionPolicy: Sendable, Equatable {
    public let reduceMotion: Bool

    public init(reduceMotion: Bool) {
      self.reduceMotion = reduceMotion
    }

    public func animation(_ animation: Animation) -> Animation? {
      reduceMotion ? nil : animation
    }

    public func transition(_ transition: AnyTransition) -> AnyTransition {
      reduceMotion ? .opacity : transition
    }

    public func animate<Result>(
      _ animation: Animation = .default,
      _ body: () throws -> Result
    ) rethrows -> Result {
      try withAnimation(self.animation(animation), body)
    }
  }

  extension View {
    public func motionAwareAnimation<Value: Equatable>(_ animation: Animation, value: Value) -> some View {
      modifier(MotionAwareAnimation(animation: animation, value: value))
    }

    public func motionAwareTransition(_ transition: AnyTransition) -> some View {
      modifier(MotionAwareTransition(transition: transition))
    }
  }

  private struct MotionAwareAnimation<Value: Equatable>: ViewModifier {
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    let animation: Animation
    let value: Value

    func body(content: Content) -> some View {
      content.animation(MotionPolicy(reduceMotion: reduceMotion).animation(animation), value: value)
    }
  }

  private struct MotionAwareTransition: ViewModifier {
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    let transition: AnyTransition

    func body(content: Content) -> some View {
      content.transition(MotionPolicy(reduceMotion: reduceMotion).transition(transition))
    }
  }

  private struct MotionPolicyDemo: View {
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var showsBanner = true

    var body: some View {
      VStack(spacing: Spacing.large) {
        Button(showsBanner ? "Hide banner" : "Show banner") {
          MotionPolicy(reduceMotion: reduceMotion).animate(.easeInOut(duration: 0.3)) {
            showsBanner.toggle()
          }
        }
        if showsBanner {
          StatusBanner("Showing yesterday's picture: you appear to be offline.", kind: .stale)
            .motionAwareTransition(.move(edge: .top))
        }
        Spacer(minLength: 0)
      }
      .padding(Spacing.large)
    }
  }

  #Preview("Motion policy") {
    MotionPolicyDemo()
      .background(Palette.background)
      .spacerTheme()
  }
#endif
