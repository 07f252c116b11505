#if canImport(ImageIO)
  import CoreGraphics
  import Foundation
  import ImageCache
  import ImageIO

  /// `CGImageSourceCreateThumbnailAtIndex` with a max pixel size never materialises the full-size
  /// bitmap, which keeps an 8000 × 6000 APOD image from costing 192 MB.
  public struct ImageIODecoder: ImageDecoding {
    public init() {}

    public func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage {
      // Structure first: a truncated file is refused rather than decoded to a grey band.
      let header = try ImageHeaderReader.validate(data)

      // The source must not cache a full-size decode of its own; only the thumbnail is kept.
      let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
      guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions) else {
        throw .platformDecoderFailed(header.format)
      }
      return try Self.thumbnail(
        of: source, header: header, longSide: maxPixelSize ?? max(header.pixelWidth, header.pixelHeight))
    }

    /// ImageIO reads the file itself, so no copy of the whole file is made in the extension's memory.
    public func decodeFile(
      at url: URL, mapped: Data, maxPixelSize: Int
    ) throws(ImageDecodingError) -> DecodedImage {
      let header = try ImageHeaderReader.validate(mapped)
      let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
      guard let source = CGImageSourceCreateWithURL(url as CFURL, sourceOptions) else {
        throw .platformDecoderFailed(header.format)
      }
      return try Self.thumbnail(of: source, header: header, longSide: maxPixelSize)
    }

    private static func thumbnail(
      of source: CGImageSource, header: ImageHeader, longSide: Int
    ) throws(ImageDecodingError) -> DecodedImage {
      let thumbnailOptions =
        [
          // Always from the full image: an embedded EXIF thumbnail may be tiny.
          kCGImageSourceCreateThumbnailFromImageAlways: true,
          kCGImageSourceThumbnailMaxPixelSize: longSide,
          // Apply the EXIF orientation so the bitmap is upright.
          kCGImageSourceCreateThumbnailWithTransform: true,
          // Decode now, on this background task, not lazily on the main thread at first draw.
          kCGImageSourceShouldCacheImmediately: true,
        ] as [CFString: Any] as CFDictionary
      guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions) else {
        throw .platformDecoderFailed(header.format)
      }
      return DecodedImage(
        pixelWidth: image.width, pixelHeight: image.height, format: header.format,
        bitmap: DecodedBitmap(image))
    }
  }

  // @unchecked Sendable: CGImage is immutable once created; Apple documents it as thread-safe.
  final class DecodedBitmap: @unchecked Sendable {
    let cgImage: CGImage

    init(_ cgImage: CGImage) {
      self.cgImage = cgImage
    }
  }

  extension DecodedImage {
    public var cgImage: CGImage? {
      (bitmap as? DecodedBitmap)?.cgImage
    }
  }
#endif
