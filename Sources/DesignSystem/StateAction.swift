#if canImport(SwiftUI)
  import SwiftUI

  /// `perform` should call into the screen's model, which owns what happens next.
  public struct StateAction {
    public let title: String
    public let perform: @MainActor () -> Void

    public init(_ title: String, perform: @escaping @MainActor () -> Void) {
      self.title = title
      self.perform = perform
    }
  }
#endif
