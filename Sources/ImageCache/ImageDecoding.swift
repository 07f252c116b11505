import Foundation

/// Turns the bytes of a PNG, JPEG or GIF file into a drawable image no larger than asked.
///
/// A protocol because the real decoder (ImageIO thumbnailing) exists only on Apple platforms;
/// the pipeline's rules (costs, coalescing, corrupt files) are tested on Linux with
/// `HeaderImageDecoder`. The pipeline calls `decode` off its actor, so it may be slow.
public protocol ImageDecoding: Sendable {
  /// Decodes `data`, downsampling so the long side is at most `maxPixelSize` (nil: full size).
  /// Throws when the bytes are not a complete image this decoder can read.
  func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage

  /// Decodes the picture in the file at `url`, reading from the file rather than from a copy of
  /// it in memory (the widget, under a ~30 MB limit). `mapped` is the same file mapped into memory
  /// (file-backed pages, not the process's own allocation), for structure checks.
  func decodeFile(at url: URL, mapped: Data, maxPixelSize: Int) throws(ImageDecodingError) -> DecodedImage
}

extension ImageDecoding {
  /// Decoders that only read bytes decode the mapping.
  public func decodeFile(
    at url: URL, mapped: Data, maxPixelSize: Int
  ) throws(ImageDecodingError)
    -> DecodedImage
  {
    try decode(mapped, maxPixelSize: maxPixelSize)
  }
}

/// A decoder that reads only the header: the image it returns has the downsampled pixel size
/// and cost of the real thing but no pixels. It validates completeness like a real decoder, so a
/// truncated file fails here too. Used on Linux (the CLI, tests, benchmarks); the app passes
/// `ImageCacheLive`'s ImageIO decoder instead.
public struct HeaderImageDecoder: ImageDecoding {
  public init() {}

  public func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage {
    let header = try ImageHeaderReader.validate(data)
    let size = header.downsampled(toFit: maxPixelSize)
    return DecodedImage(pixelWidth: size.width, pixelHeight: size.height, format: header.format)
  }
}
