#if canImport(SwiftUI)
  import SwiftUI

  /// How animations behave when the user has turned on Reduce Motion.
  ///
  /// With Reduce Motion on, movement is dropped: animations are skipped (the change happens at once)
  /// and transitions become cross-fades, which the accessibility setting permits. Views read the
  /// setting from `@Environment(\.accessibilityReduceMotion)` and build a policy from it, or use the
  /// `motionAwareAnimation(_:value:)` and `motionAwareTransition(_:)` modifiers, which do that for them.
  nonisolated public struct MotionPolicy: Sendable, Equatable {
    /// Whether the user asked for reduced motion.
    public let reduceMotion: Bool

    public init(reduceMotion: Bool) {
      self.reduceMotion = reduceMotion
    }

    /// The animation to run, or `nil` (no animation) under Reduce Motion.
    public func animation(_ animation: Animation) -> Animation? {
      reduceMotion ? nil : animation
    }

    /// The transition to use: the given one, or a cross-fade under Reduce Motion.
    public func transition(_ transition: AnyTransition) -> AnyTransition {
      reduceMotion ? .opacity : transition
    }

    /// Runs `body` inside `withAnimation`, animated only when motion is allowed, for state changes
    /// made in response to a tap or gesture.
    public func animate<Result>(
      _ animation: Animation = .default,
      _ body: () throws -> Result
    ) rethrows -> Result {
      try withAnimation(self.animation(animation), body)
    }
  }

  extension View {
    /// Animates changes to `value` with `animation`, or not at all when Reduce Motion is on.
    public func motionAwareAnimation<Value: Equatable>(_ animation: Animation, value: Value) -> some View {
      modifier(MotionAwareAnimation(animation: animation, value: value))
    }

    /// Inserts and removes this view with `transition`, or with a cross-fade when Reduce Motion is on.
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
