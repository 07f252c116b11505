public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  case png
  case jpeg
  case gif
}

/// On Linux there are no pixels, only the size they would take, which is all the cache rules need.
public struct DecodedImage: Sendable {
  public let pixelWidth: Int
  public let pixelHeight: Int
  public let format: ImageFormat

  /// A `CGImage` from `ImageCacheLive`'s decoder; opaque here: Core never imports an Apple framework.
  public let bitmap: (any Sendable & AnyObject)?

  public init(
    pixelWidth: Int, pixelHeight: Int, format: ImageFormat, bitmap: (any Sendable & AnyObject)? = nil
  ) {
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.format = format
    self.bitmap = bitmap
  }

  /// Decoded pixels, not file sizes, are what exhaust an iPhone's memory.
  public var cost: Int { pixelWidth * pixelHeight * 4 }
}

extension DecodedImage: Equatable {
  public static func == (lhs: DecodedImage, rhs: DecodedImage) -> Bool {
    guard lhs.bitmap === rhs.bitmap else { return false }
    return lhs.pixelWidth == rhs.pixelWidth && lhs.pixelHeight == rhs.pixelHeight
      && lhs.format == rhs.format
  }
}
