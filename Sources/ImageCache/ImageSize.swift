/// How large an image the caller will draw, as a cap on the decoded long side in pixels.
///
/// Decoding to the size on screen instead of the size on the server is what keeps memory bounded:
/// an APOD HD image can be 8000 × 6000 pixels (192 MB decoded), a grid cell needs 400.
public enum ImageSize: String, Sendable, Hashable, CaseIterable {
  /// Explore grid cells and favorites lists: three columns at 3× on any iPhone.
  case thumbnail
  /// The Today card and the first frame of the viewer: full screen width at 3×.
  case preview
  /// The zoomable viewer: sharp when zoomed, yet at most 64 MB decoded.
  case full

  /// Whether downloading for this size may use a network the user marked as constrained (Low Data
  /// Mode). Grid thumbnails and previews may: they are what the app is. HD may not: under Low Data
  /// Mode the app stays at preview size.
  public var allowsConstrainedNetwork: Bool { self != .full }

  /// The longest side, in pixels, that an image of this size is decoded to.
  public var maxPixelSize: Int {
    switch self {
    case .thumbnail: 400
    case .preview: 1_280
    case .full: 4_096
    }
  }
}
