/// A width and a height in points, for Core rules that do geometry.
///
/// Core keeps its own geometry instead of `CGSize`: on Linux swift-corelibs-foundation defines
/// `CGSize` with `.zero`, `Equatable` and integer initialisers, but on iOS those live in the
/// CoreGraphics overlay, which Foundation does not re-export. A rule written against `CGSize`
/// therefore compiles here and fails for iOS. These two types use only the standard library, so a
/// rule that builds and passes on Linux is the same rule on the iPhone; views convert at the edge.
public struct Size2D: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size of whole pixels (an image's pixel dimensions).
  public init(width: Int, height: Int) {
    self.init(width: Double(width), height: Double(height))
  }

  public static let zero = Size2D(width: 0, height: 0)
}

/// A point in points, in the coordinate space of the view a rule is about (origin top left).
public struct Point2D: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point2D(x: 0, y: 0)
}
