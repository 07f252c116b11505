#if canImport(ImageIO)
  import CoreGraphics
#endif

/// The container formats the pipeline accepts: the ones NASA serves APOD images in.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  case png
  case jpeg
  case gif
}

/// A decoded image ready to draw, and what it costs to keep in memory.
///
/// On Linux (and with `HeaderImageDecoder`) there are no pixels, only the size they would take,
/// which is all the cache rules need. On Apple platforms `cgImage` holds the ImageIO thumbnail.
public struct DecodedImage: Sendable {
  /// Width of the decoded bitmap in pixels (after downsampling).
  public let pixelWidth: Int
  /// Height of the decoded bitmap in pixels (after downsampling).
  public let pixelHeight: Int
  /// The container format of the original bytes.
  public let format: ImageFormat

  #if canImport(ImageIO)
    /// The decoded bitmap. `CGImage` is immutable and documented thread-safe (Sendable).
    public let cgImage: CGImage?

    /// An image of the given pixel size, optionally backed by a decoded `CGImage`.
    public init(pixelWidth: Int, pixelHeight: Int, format: ImageFormat, cgImage: CGImage? = nil) {
      self.pixelWidth = pixelWidth
      self.pixelHeight = pixelHeight
      self.format = format
      self.cgImage = cgImage
    }
  #else
    /// An image of the given pixel size.
    public init(pixelWidth: Int, pixelHeight: Int, format: ImageFormat) {
      self.pixelWidth = pixelWidth
      self.pixelHeight = pixelHeight
      self.format = format
    }
  #endif

  /// Bytes the decoded bitmap occupies: 4 bytes (RGBA) per pixel. The memory tier's limit is in
  /// these units, because decoded pixels, not file sizes, are what exhaust an iPhone's memory.
  public var cost: Int { pixelWidth * pixelHeight * 4 }
}

extension DecodedImage: Equatable {
  /// Same size and format; on Apple platforms also the very same bitmap.
  public static func == (lhs: DecodedImage, rhs: DecodedImage) -> Bool {
    #if canImport(ImageIO)
      guard lhs.cgImage === rhs.cgImage else { return false }
    #endif
    return lhs.pixelWidth == rhs.pixelWidth && lhs.pixelHeight == rhs.pixelHeight
      && lhs.format == rhs.format
  }
}
