import ImageCache
import TestSupport

/// The day's two pictures as the viewer's tests serve them: a 1280×720 preview and a 4000×2250 HD
/// image (real JPEG bytes), and the images the fake decoder makes of each.
enum ViewerPictures {
  static let previewBytes = ImageFixtures.jpeg(width: 1_280, height: 720)
  static let hdBytes = ImageFixtures.jpeg(width: 4_000, height: 2_250)
  static let previewImage = DecodedImage(pixelWidth: 1_280, pixelHeight: 720, format: .jpeg)
  static let hdImage = DecodedImage(pixelWidth: 4_000, pixelHeight: 2_250, format: .jpeg)
}
