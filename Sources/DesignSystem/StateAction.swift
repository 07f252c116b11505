#if canImport(SwiftUI)
  import SwiftUI

  /// The one button an empty or error state may offer, such as "Try Again" or "Unlock Favorites".
  ///
  /// The closure runs on the main actor; it should call into the screen's model, which owns what
  /// happens next.
  public struct StateAction {
    /// The button title, already worded for the user.
    public let title: String
    /// What tapping the button does.
    public let perform: @MainActor () -> Void

    public init(_ title: String, perform: @escaping @MainActor () -> Void) {
      self.title = title
      self.perform = perform
    }
  }
#endif
