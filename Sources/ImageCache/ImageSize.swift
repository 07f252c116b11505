import Foundation

/// How large an image the caller will draw, as a cap on the decoded long side in pixels.
///
/// Decoding to the size on screen instead of the size on the server is what keeps memory bounded:
/// an APOD HD image can be 8000 × 6000 pixels (192 MB decoded), a grid cell needs a few hundred.
public struct ImageSize: Sendable, Hashable, CustomStringConvertible {
  /// The longest side, in pixels, that an image of this size is decoded to (for a widget size,
  /// the bound used when the picture's own size is unknown: see `maxPixelSize(forImageWidth:height:)`).
  public let maxPixelSize: Int
  /// For a widget: the pixel box the picture must cover, and the most pixels it may have.
  public let coverage: Coverage?

  /// A box a picture is drawn filling (`.fill`), so its short side must reach the box.
  public struct Coverage: Sendable, Hashable {
    /// The box's width in pixels.
    public let width: Int
    /// The box's height in pixels.
    public let height: Int
    /// The most pixels the decoded picture may have (width × height).
    public let maxPixelArea: Int
  }

  private init(pixels: Int, coverage: Coverage? = nil) {
    maxPixelSize = pixels
    self.coverage = coverage
  }

  /// The long side to decode a `width` × `height` picture to.
  ///
  /// Without a coverage box: `maxPixelSize`. With one (a widget): the picture is scaled so that it
  /// covers the box (its short side reaches the box's matching side, so nothing is stretched when
  /// the view fills the widget), then down again if that would exceed the box's pixel area (a
  /// panorama in the large widget), and never above the picture's own size.
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

  /// `maxPixelSize(forImageWidth:height:)` for the picture in `data`, read from its header; the
  /// plain `maxPixelSize` when the size has no coverage box or the header cannot be read.
  public func maxPixelSize(for data: Data) -> Int {
    guard coverage != nil, let header = try? ImageHeaderReader.readHeader(data) else { return maxPixelSize }
    return maxPixelSize(forImageWidth: header.pixelWidth, height: header.pixelHeight)
  }

  /// Grid cells when the cell size is not known: a 2-column grid cell on a narrow iPhone at 2×.
  /// Grids derive theirs with `thumbnail(cellWidth:scale:)`.
  public static let thumbnail = ImageSize(pixels: 400)
  /// The Today card and the first frame of the viewer: full screen width at 3×.
  public static let preview = ImageSize(pixels: 1_280)
  /// The zoomable viewer: sharp when zoomed, yet at most 64 MB decoded.
  public static let full = ImageSize(pixels: 4_096)

  /// Derived sizes are multiples of this, so cells a few points apart share one decoded copy.
  public static let thumbnailStep = 64

  /// The thumbnail for a cell `cellWidth` points wide on a screen of `scale` pixels per point:
  /// the cell's pixel width rounded up to a multiple of `thumbnailStep`, never below one step and
  /// never above `preview` (a larger cell simply shows the preview).
  public static func thumbnail(cellWidth: Double, scale: Double) -> ImageSize {
    let pixels = cellWidth * scale
    guard pixels.isFinite, pixels > 0 else { return ImageSize(pixels: thumbnailStep) }
    let steps = (pixels / Double(thumbnailStep)).rounded(.up)
    let rounded = min(Double(preview.maxPixelSize), max(Double(thumbnailStep), steps * Double(thumbnailStep)))
    return ImageSize(pixels: Int(rounded))
  }

  /// The most a widget image is decoded to when its shape is unknown. Widgets live under a memory
  /// limit of about 30 MB, so a decoded widget picture stays at or under 4 MB whatever its shape:
  /// 1000 × 1000 × 4 bytes (`widgetMaximumPixelArea`).
  public static let widgetMaximumPixels = 1_000

  /// The most pixels a decoded widget picture has, whatever its shape: 4 MB decoded.
  public static let widgetMaximumPixelArea = widgetMaximumPixels * widgetMaximumPixels

  /// The largest picture file a widget decodes. Decoding reads from the file, but the decoder
  /// still works through the whole of it; above this the widget shows its titled placeholder.
  public static let widgetMaximumFileBytes = 20 << 20

  /// The widget's memory tier: two pictures at the widget maximum (8 MB), a quarter of the
  /// extension's limit, so a snapshot and a timeline request can overlap.
  public static let widgetMemoryCostLimit = 2 * widgetMaximumPixels * widgetMaximumPixels * 4

  /// The picture for a widget `width` × `height` points on a screen of `scale` pixels per point,
  /// which the view draws filling the widget: decoded so its short side covers the widget
  /// (`maxPixelSize(forImageWidth:height:)`; a 16:9 picture in the small widget is decoded about
  /// 900 px wide, not 512, so it is not stretched), at most `widgetMaximumPixelArea` pixels.
  /// `maxPixelSize`, used when the picture's size is unknown, is the widget's long side rounded
  /// up to a multiple of `thumbnailStep`, at least one step, at most `widgetMaximumPixels`.
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

  /// Whether downloading for this size may use a network the user marked as constrained (Low Data
  /// Mode). Grid thumbnails and previews may: they are what the app is. HD may not: under Low Data
  /// Mode the app stays at preview size.
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

/// A grid of square-ish thumbnail cells laid out as SwiftUI's adaptive `GridItem` does: as many
/// columns of at least `minimumCellWidth` as fit, sharing the width left after the spacing.
///
/// One rule for the view (how many columns to draw) and for the thumbnails (how many pixels to
/// decode), so the two cannot disagree again.
public struct ThumbnailGridLayout: Sendable, Hashable {
  /// Columns in the grid (at least one).
  public let columns: Int
  /// Each cell's width, in points.
  public let cellWidth: Double

  /// - Parameters:
  ///   - containerWidth: the width the grid is given, in points (inside its margins).
  ///   - minimumCellWidth: the adaptive grid item's minimum.
  ///   - spacing: between columns.
  public init(containerWidth: Double, minimumCellWidth: Double, spacing: Double) {
    let width = containerWidth.isFinite ? max(0, containerWidth) : 0
    let minimum = max(1, minimumCellWidth)
    let fitting = Int(((width + spacing) / (minimum + spacing)).rounded(.down))
    columns = max(1, fitting)
    cellWidth = max(0, (width - spacing * Double(columns - 1)) / Double(columns))
  }

  /// The thumbnail size for these cells on a screen of `scale` pixels per point.
  public func thumbnailSize(scale: Double) -> ImageSize {
    .thumbnail(cellWidth: cellWidth, scale: scale)
  }
}
