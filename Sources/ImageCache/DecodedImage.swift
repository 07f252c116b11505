/// The container formats the pipeline accepts: the ones NASA serves APOD images in.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  case png
  case jpeg
  case gif
}

/// A decoded image ready to draw, and what it costs to keep in memory.
///
/// On Linux (and with `HeaderImageDecoder`) there are no pixels, only the size they would take,
/// which is all the cache rules need. On Apple platforms `bitmap` holds the ImageIO thumbnail;
/// Core keeps it opaque so it never imports an Apple framework, and `ImageCacheLive` gives the
/// views typed access (`cgImage`).
public struct DecodedImage: Sendable {
  /// Width of the decoded bitmap in pixels (after downsampling).
  public let pixelWidth: Int
  /// Height of the decoded bitmap in pixels (after downsampling).
  public let pixelHeight: Int
  /// The container format of the original bytes.
  public let format: ImageFormat

  /// The platform's decoded bitmap (a `CGImage`, set by `ImageCacheLive`'s decoder), or nil for a
  /// size-only image. Opaque here: Core never imports an Apple framework.
  public let bitmap: (any Sendable & AnyObject)?

  /// An image of the given pixel size, optionally backed by a decoded platform bitmap.
  public init(
    pixelWidth: Int, pixelHeight: Int, format: ImageFormat, bitmap: (any Sendable & AnyObject)? = nil
  ) {
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.format = format
    self.bitmap = bitmap
  }

  /// Bytes the decoded bitmap occupies: 4 bytes (RGBA) per pixel. The memory tier's limit is in
  /// these units, because decoded pixels, not file sizes, are what exhaust an iPhone's memory.
  public var cost: Int { pixelWidth * pixelHeight * 4 }
}

extension DecodedImage: Equatable {
  /// Same size and format, and the very same bitmap (or none).
  public static func == (lhs: DecodedImage, rhs: DecodedImage) -> Bool {
    guard lhs.bitmap === rhs.bitmap else { return false }
    return lhs.pixelWidth == rhs.pixelWidth && lhs.pixelHeight == rhs.pixelHeight
      && lhs.format == rhs.format
  }
}
