import Foundation
import ImageCache

/// A decoder for tests: decodes like `HeaderImageDecoder`, counts its calls, and can be told to
/// refuse everything (a platform decoder rejecting bytes whose structure looked fine).
public final class FakeImageDecoder: ImageDecoding, @unchecked Sendable {
  // @unchecked Sendable: the two mutable fields are only touched under `lock`.
  private let lock = NSLock()
  private var calls = 0
  private var refusing = false

  public init(refusing: Bool = false) {
    self.refusing = refusing
  }

  /// How many times `decode` ran.
  public var decodeCount: Int { lock.withLock { calls } }

  /// From now on, refuse (true) or decode (false).
  public func setRefusing(_ value: Bool) { lock.withLock { refusing = value } }

  public func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage {
    let refuse = lock.withLock {
      calls += 1
      return refusing
    }
    let image = try HeaderImageDecoder().decode(data, maxPixelSize: maxPixelSize)
    if refuse { throw .platformDecoderFailed(image.format) }
    return image
  }
}
