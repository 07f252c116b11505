import Foundation

/// How large an image the caller will draw, as a cap on the decoded long side in pixels.
///
/// Decoding to the size on screen instead of the size on the server is what keeps memory bounded:
/// an APOD HD image can be 8000 × 6000 pixels (192 MB decoded), a grid cell needs a few hundred.
public struct ImageSize: Sendable, Hashable, CustomStringConvertible {
  /// The longest side, in pixels, that an image of this size is decoded to.
  public let maxPixelSize: Int

  private init(pixels: Int) {
    maxPixelSize = pixels
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

  /// The most a widget image is decoded to. Widgets live under a memory limit of about 30 MB, so
  /// a decoded widget picture stays at or under 4 MB whatever its shape: 1000 × 1000 × 4 bytes.
  public static let widgetMaximumPixels = 1_000

  /// The widget's memory tier: two pictures at the widget maximum (8 MB), a quarter of the
  /// extension's limit, so a snapshot and a timeline request can overlap.
  public static let widgetMemoryCostLimit = 2 * widgetMaximumPixels * widgetMaximumPixels * 4

  /// The picture for a widget `width` × `height` points on a screen of `scale` pixels per point:
  /// the widget's long side in pixels, rounded up to a multiple of `thumbnailStep`, at least one
  /// step, at most `widgetMaximumPixels` (the large widget on a 3× phone is about 1,150 px: a
  /// little softer, well inside the extension's memory).
  public static func widget(width: Double, height: Double, scale: Double) -> ImageSize {
    let pixels = max(width, height) * scale
    guard pixels.isFinite, pixels > 0 else { return ImageSize(pixels: thumbnailStep) }
    let steps = (pixels / Double(thumbnailStep)).rounded(.up)
    let rounded = min(Double(widgetMaximumPixels), max(Double(thumbnailStep), steps * Double(thumbnailStep)))
    return ImageSize(pixels: Int(rounded))
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
