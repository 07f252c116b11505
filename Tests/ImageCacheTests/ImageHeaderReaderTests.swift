import Foundation
import ImageCache
import TestSupport
import Testing

@Suite("Reading PNG, JPEG and GIF headers")
struct ImageHeaderReaderTests {
  @Test(arguments: ImageFormat.allCases)
  func readsPixelSizeOfEveryFormat(format: ImageFormat) throws {
    let data = ImageFixtures.image(format, width: 321, height: 123)
    let header = try ImageHeaderReader.validate(data)
    #expect(header == ImageHeader(format: format, pixelWidth: 321, pixelHeight: 123))
  }

  @Test(arguments: ImageFormat.allCases)
  func fileCutShortIsTruncated(format: ImageFormat) {
    let data = ImageFixtures.image(format, width: 64, height: 64)
    #expect(throws: ImageDecodingError.truncated(format)) {
      try ImageHeaderReader.validate(data.prefix(data.count - 3))
    }
  }

  @Test(arguments: ImageFormat.allCases)
  func fileCutInsideItsHeaderIsTruncated(format: ImageFormat) {
    let data = ImageFixtures.image(format, width: 64, height: 64)
    #expect(throws: ImageDecodingError.truncated(format)) {
      try ImageHeaderReader.readHeader(data.prefix(12))
    }
  }

  @Test func headerReadsEvenWhenTheBodyIsMissing() throws {
    let data = ImageFixtures.jpeg(width: 800, height: 600)
    let header = try ImageHeaderReader.readHeader(data.prefix(200))
    #expect(header.pixelWidth == 800 && header.pixelHeight == 600)
  }

  @Test func htmlIsNotAnImageButLooksLikeText() {
    let html = Data(ImageFixtures.htmlErrorPage.utf8)
    #expect(throws: ImageDecodingError.unrecognizedFormat) { try ImageHeaderReader.validate(html) }
    #expect(ImageHeaderReader.looksLikeText(html))
    #expect(!ImageHeaderReader.looksLikeText(Data([0x00, 0x01, 0x3C])))
  }

  @Test func emptyAndRandomBytesAreUnrecognized() {
    #expect(throws: ImageDecodingError.unrecognizedFormat) { try ImageHeaderReader.validate(Data()) }
    #expect(throws: ImageDecodingError.unrecognizedFormat) {
      try ImageHeaderReader.validate(Data((0..<100).map { UInt8($0) }))
    }
  }

  @Test func pngWhoseFirstChunkIsNotIHDRIsMalformed() {
    var bytes = [UInt8](ImageFixtures.png(width: 10, height: 10))
    bytes[12] = UInt8(ascii: "X")  // IHDR → XHDR
    #expect(throws: ImageDecodingError.malformed(.png)) { try ImageHeaderReader.validate(Data(bytes)) }
  }

  @Test func pngWithZeroWidthIsOutOfRange() {
    var bytes = [UInt8](ImageFixtures.png(width: 10, height: 10))
    bytes.replaceSubrange(16..<20, with: [0, 0, 0, 0])
    #expect(throws: ImageDecodingError.dimensionsOutOfRange(width: 0, height: 10)) {
      try ImageHeaderReader.validate(Data(bytes))
    }
  }

  @Test func pngOverTheDimensionLimitIsOutOfRange() {
    var bytes = [UInt8](ImageFixtures.png(width: 10, height: 10))
    bytes.replaceSubrange(20..<24, with: [0x7F, 0xFF, 0xFF, 0xFF])
    #expect(throws: ImageDecodingError.dimensionsOutOfRange(width: 10, height: 0x7FFF_FFFF)) {
      try ImageHeaderReader.validate(Data(bytes))
    }
  }

  @Test func jpegScanBeforeAnyFrameHeaderIsMalformed() {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 63, 0, 0x00, 0xFF, 0xD9]
    #expect(throws: ImageDecodingError.malformed(.jpeg)) { try ImageHeaderReader.validate(Data(bytes)) }
  }

  @Test func jpegSegmentLongerThanTheFileIsTruncated() {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x40, 0x00, 1, 2, 3]
    #expect(throws: ImageDecodingError.truncated(.jpeg)) { try ImageHeaderReader.readHeader(Data(bytes)) }
  }

  @Test func jpegGarbageWhereAMarkerShouldBeIsMalformed() {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0, 0x12, 0x34, 0xFF, 0xD9]
    #expect(throws: ImageDecodingError.malformed(.jpeg)) { try ImageHeaderReader.readHeader(Data(bytes)) }
  }

  /// Progressive JPEGs (SOF2) are common among APOD images; DHT (0xC4) shares the marker range
  /// but is not a frame header and must be skipped.
  @Test func jpegFrameHeaderIsFoundPastTablesFillBytesAndProgressiveMarker() throws {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xC4, 0x00, 0x05, 0x00, 0x00, 0x00]  // a DHT-shaped segment first
    bytes += [0xFF, 0xFF, 0xFF]  // fill bytes before the next marker
    bytes += [0xC2, 0x00, 0x0B, 8, 0x02, 0x58, 0x03, 0x20, 1, 1, 0x11, 0]  // SOF2: 600 high, 800 wide
    bytes += [0xFF, 0xD9]
    let header = try ImageHeaderReader.validate(Data(bytes))
    #expect(header == ImageHeader(format: .jpeg, pixelWidth: 800, pixelHeight: 600))
  }

  @Test func jpegEndMarkerFollowedByPaddingIsComplete() throws {
    let data = ImageFixtures.jpeg(width: 16, height: 16) + Data([0x00, 0x00, 0x0A])
    #expect(try ImageHeaderReader.validate(data).pixelWidth == 16)
  }

  @Test func gifWithoutTrailerIsTruncated() {
    let data = ImageFixtures.gif(width: 4, height: 4)
    #expect(throws: ImageDecodingError.truncated(.gif)) { try ImageHeaderReader.validate(data.dropLast()) }
  }

  @Test func slicesWithANonZeroStartIndexAreRead() throws {
    let data = Data([9, 9, 9]) + ImageFixtures.gif(width: 7, height: 5)
    let slice = data.dropFirst(3)
    #expect(try ImageHeaderReader.validate(slice) == ImageHeader(format: .gif, pixelWidth: 7, pixelHeight: 5))
  }

  @Test func downsamplingKeepsTheAspectRatioAndNeverUpscales() {
    let wide = ImageHeader(format: .jpeg, pixelWidth: 8_000, pixelHeight: 6_000)
    #expect(wide.downsampled(toFit: 400) == (400, 300))
    #expect(wide.downsampled(toFit: nil) == (8_000, 6_000))
    let tall = ImageHeader(format: .png, pixelWidth: 1_000, pixelHeight: 4_000)
    #expect(tall.downsampled(toFit: 1_280) == (320, 1_280))
    let small = ImageHeader(format: .gif, pixelWidth: 100, pixelHeight: 50)
    #expect(small.downsampled(toFit: 400) == (100, 50))
    let sliver = ImageHeader(format: .png, pixelWidth: 10_000, pixelHeight: 1)
    #expect(sliver.downsampled(toFit: 400) == (400, 1))
  }

  @Test func headerDecoderReportsDownsampledSizeAndCost() throws {
    let data = ImageFixtures.png(width: 2_000, height: 1_000)
    let image = try HeaderImageDecoder().decode(data, maxPixelSize: ImageSize.thumbnail.maxPixelSize)
    #expect(image.pixelWidth == 400 && image.pixelHeight == 200)
    #expect(image.cost == 400 * 200 * 4)
  }
}
