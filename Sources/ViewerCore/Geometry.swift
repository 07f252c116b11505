/// Not `CGSize`: on Linux swift-corelibs-foundation gives `CGSize` `.zero`, `Equatable` and integer
/// initialisers, but on iOS those live in the CoreGraphics overlay, which Foundation does not
/// re-export: a rule written against `CGSize` compiles here and fails for iOS.
public struct Size2D: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public init(width: Int, height: Int) {
    self.init(width: Double(width), height: Double(height))
  }

  public static let zero = Size2D(width: 0, height: 0)
}

/// Origin top left of the view a rule is about.
public struct Point2D: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point2D(x: 0, y: 0)
}
