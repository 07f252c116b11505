import Foundation
import Localization

public struct ImageHeader: Sendable, Hashable {
  public var format: ImageFormat
  public var pixelWidth: Int
  public var pixelHeight: Int

  public init(format: ImageFormat, pixelWidth: Int, pixelHeight: Int) {
    self.format = format
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// Never upscaled.
  public func downsampled(toFit maxPixelSize: Int?) -> (width: Int, height: Int) {
    let longSide = max(pixelWidth, pixelHeight)
    guard let maxPixelSize, maxPixelSize > 0, longSide > maxPixelSize else {
      return (pixelWidth, pixelHeight)
    }
    let scale = Double(maxPixelSize) / Double(longSide)
    let width = max(1, Int((Double(pixelWidth) * scale).rounded()))
    let height = max(1, Int((Double(pixelHeight) * scale).rounded()))
    return (min(width, maxPixelSize), min(height, maxPixelSize))
  }
}

public enum ImageDecodingError: Error, Sendable, Hashable {
  case unrecognizedFormat
  case truncated(ImageFormat)
  case malformed(ImageFormat)
  case dimensionsOutOfRange(width: Int, height: Int)
  case platformDecoderFailed(ImageFormat)

  public var message: String {
    switch self {
    case .unrecognizedFormat:
      Localized.text("This file is not a PNG, JPEG or GIF image.")
    case .truncated(let format):
      Localized.text(
        "The %@ image is incomplete; it was cut off during transfer or storage.", format.rawValue.uppercased()
      )
    case .malformed(let format):
      Localized.text("The %@ image is damaged.", format.rawValue.uppercased())
    case .dimensionsOutOfRange(let width, let height):
      Localized.text("The image claims an impossible size (%lld × %lld pixels).", width, height)
    case .platformDecoderFailed(let format):
      Localized.text("The %@ image could not be decoded.", format.rawValue.uppercased())
    }
  }
}

/// Lets Linux tests exercise real bytes, and turns a corrupt or truncated cache file into a miss.
public enum ImageHeaderReader {
  /// The JPEG limit; anything above is treated as damage.
  public static let maxDimension = 65_535

  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// An IEND chunk: zero length, the type, and its fixed CRC.
  private static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

  public static func format(of data: Data) -> ImageFormat? {
    if data.starts(with: pngSignature) { return .png }
    if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) { return .gif }
    return nil
  }

  public static func readHeader(_ data: Data) throws(ImageDecodingError) -> ImageHeader {
    guard let format = format(of: data) else { throw .unrecognizedFormat }
    let bytes = ByteReader(data)
    let size: (width: Int, height: Int)
    switch format {
    case .png: size = try pngSize(bytes)
    case .jpeg: size = try jpegSize(bytes)
    case .gif: size = try gifSize(bytes)
    }
    guard (1...maxDimension).contains(size.width), (1...maxDimension).contains(size.height) else {
      throw .dimensionsOutOfRange(width: size.width, height: size.height)
    }
    return ImageHeader(format: format, pixelWidth: size.width, pixelHeight: size.height)
  }

  /// A download cut short fails here rather than decoding to a grey band at the bottom.
  public static func validate(_ data: Data) throws(ImageDecodingError) -> ImageHeader {
    let header = try readHeader(data)
    let bytes = ByteReader(data)
    let complete: Bool
    switch header.format {
    case .png:
      complete = bytes.count >= pngEnd.count && bytes.suffixMatches(pngEnd)
    case .jpeg:
      // EOI, tolerating the zero or whitespace padding some encoders append after it.
      var end = bytes.count
      while end > 2, [0x00, 0x0A, 0x0D, 0x20].contains(bytes[end - 1]) { end -= 1 }
      complete = end >= 4 && bytes[end - 2] == 0xFF && bytes[end - 1] == 0xD9
    case .gif:
      complete = bytes[bytes.count - 1] == 0x3B
    }
    guard complete else { throw .truncated(header.format) }
    return header
  }

  /// Every image format this reader knows has binary bytes in its first few, so no picture is taken
  /// for text; the pipeline can say "not an image" instead of "damaged".
  public static func looksLikeText(_ data: Data) -> Bool {
    let start = data.prefix(512)
    guard let first = start.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
      return false
    }
    if [UInt8(ascii: "<"), UInt8(ascii: "{"), UInt8(ascii: "[")].contains(first) { return true }
    // Printable ASCII and whitespace only (UTF-8 text beyond ASCII is read as binary: rare in
    // error bodies, and a false "damaged" is only a less exact sentence).
    return start.allSatisfy {
      (0x20...0x7E).contains($0) || [0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0)
    }
  }

  // MARK: - Formats

  /// PNG: the first chunk must be a 13-byte IHDR holding big-endian width and height.
  private static func pngSize(_ bytes: ByteReader) throws(ImageDecodingError) -> (width: Int, height: Int) {
    guard bytes.count >= 33 else { throw .truncated(.png) }
    guard bytes.uint32BE(at: 8) == 13, bytes.matches(Array("IHDR".utf8), at: 12) else {
      throw .malformed(.png)
    }
    return (Int(bytes.uint32BE(at: 16)), Int(bytes.uint32BE(at: 20)))
  }

  /// JPEG: walks the marker segments after SOI until a start-of-frame (SOFn) segment, which
  /// holds the height then the width. Reaching the scan or the end first means no frame header.
  private static func jpegSize(_ bytes: ByteReader) throws(ImageDecodingError) -> (width: Int, height: Int) {
    var index = 2
    while true {
      guard index < bytes.count else { throw .truncated(.jpeg) }
      guard bytes[index] == 0xFF else { throw .malformed(.jpeg) }
      // Any number of 0xFF fill bytes may precede a marker code.
      while index < bytes.count, bytes[index] == 0xFF { index += 1 }
      guard index < bytes.count else { throw .truncated(.jpeg) }
      let marker = bytes[index]
      index += 1
      switch marker {
      case 0x01, 0xD0...0xD7:
        continue  // standalone markers carry no length
      case 0xD8, 0xD9, 0xDA, 0x00:
        throw .malformed(.jpeg)  // a second SOI, EOI or the scan before any frame header
      default:
        break
      }
      guard index + 2 <= bytes.count else { throw .truncated(.jpeg) }
      let length = Int(bytes.uint16BE(at: index))
      guard length >= 2 else { throw .malformed(.jpeg) }
      guard index + length <= bytes.count else { throw .truncated(.jpeg) }
      if isStartOfFrame(marker) {
        guard length >= 8 else { throw .malformed(.jpeg) }
        let height = Int(bytes.uint16BE(at: index + 3))
        let width = Int(bytes.uint16BE(at: index + 5))
        return (width, height)
      }
      index += length
    }
  }

  /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
  private static func isStartOfFrame(_ marker: UInt8) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }

  /// GIF: the logical screen descriptor after the 6-byte signature holds little-endian sizes.
  private static func gifSize(_ bytes: ByteReader) throws(ImageDecodingError) -> (width: Int, height: Int) {
    guard bytes.count >= 13 else { throw .truncated(.gif) }
    return (Int(bytes.uint16LE(at: 6)), Int(bytes.uint16LE(at: 8)))
  }
}

/// A `Data` slice may not start at index 0.
private struct ByteReader {
  let data: Data

  init(_ data: Data) { self.data = data }

  var count: Int { data.count }

  subscript(offset: Int) -> UInt8 { data[data.startIndex + offset] }

  func uint16BE(at offset: Int) -> UInt16 { UInt16(self[offset]) << 8 | UInt16(self[offset + 1]) }

  func uint16LE(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }

  func uint32BE(at offset: Int) -> UInt32 {
    UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
      | UInt32(self[offset + 3])
  }

  func matches(_ expected: [UInt8], at offset: Int) -> Bool {
    guard offset + expected.count <= count else { return false }
    for (position, byte) in expected.enumerated() where self[offset + position] != byte { return false }
    return true
  }

  func suffixMatches(_ expected: [UInt8]) -> Bool { matches(expected, at: count - expected.count) }
}
