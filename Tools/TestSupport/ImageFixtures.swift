import Foundation
import ImageCache

/// Real image files built in memory, so image tests need no binary fixtures: valid PNG, JPEG
/// and GIF bytes of any pixel size, decodable by ImageIO as well as by the header reader.
public enum ImageFixtures {
  /// Bytes of a valid image of the given format and pixel size.
  public static func image(_ format: ImageFormat, width: Int, height: Int) -> Data {
    switch format {
    case .png: png(width: width, height: height)
    case .jpeg: jpeg(width: width, height: height)
    case .gif: gif(width: width, height: height)
    }
  }

  /// The ~300 KB image the benchmarks move around: a 316 × 316 RGB PNG stored uncompressed
  /// (299,884 bytes of pixel data plus chunk overhead).
  public static func benchmarkPayload() -> Data { png(width: 316, height: 316) }

  /// An HTML error page, as a captive portal or proxy serves for an image URL.
  public static let htmlErrorPage = """
    <!DOCTYPE html><html><head><title>Service Unavailable</title></head>
    <body><h1>Service Unavailable</h1><p>Please try again later.</p></body></html>
    """

  // MARK: - PNG

  /// An RGB, 8-bit PNG with a gradient, its pixel data in stored (uncompressed) deflate blocks.
  public static func png(width: Int, height: Int) -> Data {
    var raw = [UInt8]()
    raw.reserveCapacity(height * (width * 3 + 1))
    for y in 0..<height {
      raw.append(0)  // filter type: none
      for x in 0..<width {
        raw.append(UInt8(truncatingIfNeeded: x &* 7 &+ y))
        raw.append(UInt8(truncatingIfNeeded: y &* 5 &+ x))
        raw.append(UInt8(truncatingIfNeeded: (x ^ y) &* 3))
      }
    }
    var header = [UInt8]()
    header += bigEndian32(width) + bigEndian32(height)
    header += [8, 2, 0, 0, 0]  // bit depth 8, colour type RGB, deflate, adaptive filter, no interlace
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    file += pngChunk("IHDR", header)
    file += pngChunk("IDAT", zlibStored(raw))
    file += pngChunk("IEND", [])
    return Data(file)
  }

  private static func pngChunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return bigEndian32(body.count) + typeBytes + body + bigEndian32(Int(crc32(typeBytes + body)))
  }

  /// A zlib stream of stored deflate blocks (at most 65,535 bytes each) with its Adler-32.
  private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let length = min(65_535, bytes.count - offset)
      let isLast = offset + length == bytes.count
      out.append(isLast ? 1 : 0)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      out += bytes[offset..<(offset + length)]
      offset += length
    } while offset < bytes.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian32(Int(b << 16 | a))
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  // MARK: - JPEG

  /// A baseline greyscale JPEG of uniform mid-grey. Both Huffman tables hold a single one-bit
  /// code (DC difference 0, AC end-of-block), so every 8 × 8 block is the two bits `00`.
  public static func jpeg(width: Int, height: Int) -> Data {
    var file: [UInt8] = [0xFF, 0xD8]
    file += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
    file += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    file += segment(0xC0, [8] + bigEndian16(height) + bigEndian16(width) + [1, 1, 0x11, 0])
    let oneCodeOfLengthOne: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
    file += segment(0xC4, [0x00] + oneCodeOfLengthOne)  // DC table 0
    file += segment(0xC4, [0x10] + oneCodeOfLengthOne)  // AC table 0
    file += segment(0xDA, [1, 1, 0x00, 0, 63, 0])
    let blocks = ((width + 7) / 8) * ((height + 7) / 8)
    let bits = blocks * 2
    var scan = [UInt8](repeating: 0, count: bits / 8)
    if bits % 8 != 0 { scan.append(UInt8((1 << (8 - bits % 8)) - 1)) }  // pad with one-bits
    file += scan
    file += [0xFF, 0xD9]
    return Data(file)
  }

  private static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
    [0xFF, marker] + bigEndian16(body.count + 2) + body
  }

  // MARK: - GIF

  /// A two-colour GIF89a, LZW-coded with a clear code every two pixels so that codes stay
  /// three bits wide (a valid, uncompressed-style stream).
  public static func gif(width: Int, height: Int) -> Data {
    var file = Array("GIF89a".utf8)
    file += littleEndian16(width) + littleEndian16(height) + [0x80, 0, 0]  // 2-entry global table
    file += [0, 0, 0, 0xFF, 0xFF, 0xFF]
    file += [0x2C, 0, 0, 0, 0] + littleEndian16(width) + littleEndian16(height) + [0]
    let clear: UInt32 = 4
    let end: UInt32 = 5
    var codes = [clear]
    for pixel in 0..<(width * height) {
      if pixel > 0, pixel % 2 == 0 { codes.append(clear) }
      codes.append(UInt32((pixel / width + pixel % width) % 2))
    }
    codes.append(end)
    var packed = [UInt8]()
    var buffer: UInt32 = 0
    var bitCount: UInt32 = 0
    for code in codes {
      buffer |= code << bitCount
      bitCount += 3
      while bitCount >= 8 {
        packed.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        bitCount -= 8
      }
    }
    if bitCount > 0 { packed.append(UInt8(buffer & 0xFF)) }
    file.append(2)  // LZW minimum code size
    var offset = 0
    while offset < packed.count {
      let length = min(255, packed.count - offset)
      file.append(UInt8(length))
      file += packed[offset..<(offset + length)]
      offset += length
    }
    file += [0, 0x3B]  // block terminator, trailer
    return Data(file)
  }

  // MARK: - Bytes

  private static func bigEndian32(_ value: Int) -> [UInt8] {
    [
      UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  private static func bigEndian16(_ value: Int) -> [UInt8] {
    [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static func littleEndian16(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
  }
}
