import Foundation

/// Decoding to the size on screen keeps memory bounded: an APOD HD image can be 8000 × 6000 pixels
/// (192 MB decoded), a grid cell needs a few hundred.
public struct ImageSize: Sendable, Hashable, CustomStringConvertible {
  /// For a widget size, the bound used when the picture's own size is unknown.
  public let maxPixelSize: Int
  public let coverage: Coverage?

  public struct Coverage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let maxPixelArea: Int
  }

  private init(pixels: Int, coverage: Coverage? = nil) {
    maxPixelSize = pixels
    self.coverage = coverage
  }

  /// With a coverage box (a widget) the picture covers the box, so nothing is stretched when the view
  /// fills the widget, then shrinks if it would exceed the box's pixel area (a panorama).
  public func maxPixelSize(forImageWidth width: Int, height: Int) -> Int {
    guard let coverage, width > 0, height > 0, coverage.width > 0, coverage.height > 0 else {
      return maxPixelSize
    }
    let imageWidth = Double(width)
    let imageHeight = Double(height)
    let covering = max(Double(coverage.width) / imageWidth, Double(coverage.height) / imageHeight)
    let areaLimit = (Double(coverage.maxPixelArea) / (imageWidth * imageHeight)).squareRoot()
    let longSide = max(imageWidth, imageHeight)
    if covering >= 1 && areaLimit >= 1 { return max(width, height) }
    if covering <= areaLimit {
      return max(1, min(max(width, height), Int((longSide * covering).rounded(.up))))
    }
    return max(1, min(max(width, height), Int((longSide * min(areaLimit, 1)).rounded(.down))))
  }

  public func maxPixelSize(for data: Data) -> Int {
    guard coverage != nil, let header = try? ImageHeaderReader.readHeader(data) else { return maxPixelSize }
    return maxPixelSize(forImageWidth: header.pixelWidth, height: header.pixelHeight)
  }

  /// A 2-column grid cell on a narrow iPhone at 2×, when the cell size is not known.
  public static let thumbnail = ImageSize(pixels: 400)
  /// Full screen width at 3×.
  public static let preview = ImageSize(pixels: 1_280)
  /// Sharp when zoomed, yet at most 64 MB decoded.
  public static let full = ImageSize(pixels: 4_096)

  /// So cells a few points apart share one decoded copy.
  public static let thumbnailStep = 64

  public static func thumbnail(cellWidth: Double, scale: Double) -> ImageSize {
    let pixels = cellWidth * scale
    guard pixels.isFinite, pixels > 0 else { return ImageSize(pixels: thumbnailStep) }
    let steps = (pixels / Double(thumbnailStep)).rounded(.up)
    let rounded = min(Double(preview.maxPixelSize), max(Double(thumbnailStep), steps * Double(thumbnailStep)))
    return ImageSize(pixels: Int(rounded))
  }

  /// Widgets live under a memory limit of about 30 MB, so a decoded widget picture stays at or
  /// under 4 MB whatever its shape.
  public static let widgetMaximumPixels = 1_000

  public static let widgetMaximumPixelArea = widgetMaximumPixels * widgetMaximumPixels

  /// Decoding reads from the file, but the decoder still works through the whole of it.
  public static let widgetMaximumFileBytes = 20 << 20

  /// A quarter of the extension's limit, so a snapshot and a timeline request can overlap.
  public static let widgetMemoryCostLimit = 2 * widgetMaximumPixels * widgetMaximumPixels * 4

  /// A 16:9 picture in the small widget is decoded about 900 px wide, not 512, so it is not stretched.
  public static func widget(width: Double, height: Double, scale: Double) -> ImageSize {
    let pixels = max(width, height) * scale
    guard pixels.isFinite, pixels > 0, width.isFinite, height.isFinite else {
      return ImageSize(pixels: thumbnailStep)
    }
    let steps = (pixels / Double(thumbnailStep)).rounded(.up)
    let rounded = min(Double(widgetMaximumPixels), max(Double(thumbnailStep), steps * Double(thumbnailStep)))
    let box = Coverage(
      width: Int((max(0, width) * scale).rounded(.up)), height: Int((max(0, height) * scale).rounded(.up)),
      maxPixelArea: widgetMaximumPixelArea)
    return ImageSize(pixels: Int(rounded), coverage: box)
  }

  /// Under Low Data Mode the app stays at preview size.
  public var allowsConstrainedNetwork: Bool { maxPixelSize <= Self.preview.maxPixelSize }

  public var description: String {
    switch self {
    case .thumbnail: "thumbnail"
    case .preview: "preview"
    case .full: "full"
    default: "\(maxPixelSize) px"
    }
  }
}

/// One rule for the view (how many columns) and the thumbnails (how many pixels), so the two cannot
/// disagree again.
public struct ThumbnailGridLayout: Sendable, Hashable {
  public let columns: Int
  public let cellWidth: Double

  public init(containerWidth: Double, minimumCellWidth: Double, spacing: Double) {
    let width = containerWidth.isFinite ? max(0, containerWidth) : 0
    let minimum = max(1, minimumCellWidth)
    let fitting = Int(((width + spacing) / (minimum + spacing)).rounded(.down))
    columns = max(1, fitting)
    cellWidth = max(0, (width - spacing * Double(columns - 1)) / Double(columns))
  }

  public func thumbnailSize(scale: Double) -> ImageSize {
    .thumbnail(cellWidth: cellWidth, scale: scale)
  }
}
