import Foundation

/// The real decoder (ImageIO) exists only on Apple platforms; the pipeline's rules are tested on
/// Linux with `HeaderImageDecoder`. Called off the pipeline's actor, so it may be slow.
public protocol ImageDecoding: Sendable {
  func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage

  /// Reads from the file, not a copy in memory (the widget, under a ~30 MB limit). `mapped` is the
  /// same file mapped into memory, for structure checks.
  func decodeFile(at url: URL, mapped: Data, maxPixelSize: Int) throws(ImageDecodingError) -> DecodedImage
}

extension ImageDecoding {
  public func decodeFile(
    at url: URL, mapped: Data, maxPixelSize: Int
  ) throws(ImageDecodingError)
    -> DecodedImage
  {
    try decode(mapped, maxPixelSize: maxPixelSize)
  }
}

/// The downsampled pixel size and cost of the real thing but no pixels; validates completeness like
/// a real decoder.
public struct HeaderImageDecoder: ImageDecoding {
  public init() {}

  public func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage {
    let header = try ImageHeaderReader.validate(data)
    let size = header.downsampled(toFit: maxPixelSize)
    return DecodedImage(pixelWidth: size.width, pixelHeight: size.height, format: header.format)
  }
}
