import Basics
import Foundation
import ImageCache

/// A decoder for tests: decodes like `HeaderImageDecoder`, counts its calls, and can be told to
/// refuse everything (a platform decoder rejecting bytes whose structure looked fine).
public final class FakeImageDecoder: ImageDecoding, Sendable {
  private struct State: Sendable {
    var calls = 0
    var refusing: Bool
  }

  private let state: Locked<State>

  public init(refusing: Bool = false) {
    state = Locked(State(refusing: refusing))
  }

  /// How many times `decode` ran.
  public var decodeCount: Int { state.withLock { $0.calls } }

  /// From now on, refuse (true) or decode (false).
  public func setRefusing(_ value: Bool) { state.withLock { $0.refusing = value } }

  public func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage {
    let refuse = state.withLock { state in
      state.calls += 1
      return state.refusing
    }
    let image = try HeaderImageDecoder().decode(data, maxPixelSize: maxPixelSize)
    if refuse { throw .platformDecoderFailed(image.format) }
    return image
  }
}
