import Basics
import Foundation
import ImageCache
import NASA
import Observation
import ScreenCore

/// One place hands out the image models, so a memory warning reaches every one still on screen;
/// held weakly, so a card that went away is not kept alive.
@MainActor @Observable
public final class ImageModels {
  public let pipeline: ImagePipeline
  @ObservationIgnored public let clock: any Clocking
  @ObservationIgnored private var handedOut: [WeakModel] = []

  private struct WeakModel {
    weak var model: ProgressiveImageModel?
  }

  public init(pipeline: ImagePipeline, clock: any Clocking) {
    self.pipeline = pipeline
    self.clock = clock
  }

  /// The disk tier, else one download.
  public var pictures: PictureDownload { PictureDownload(images: pipeline, clock: clock) }

  public func progressiveImage(for apod: APOD) -> ProgressiveImageModel? {
    guard case .image(let preview, let hd) = apod.hero else { return nil }
    let model = ProgressiveImageModel(
      previewURL: preview, hdURL: hd, pipeline: pipeline, clock: clock, wantsHD: false)
    handedOut.removeAll { $0.model == nil }
    handedOut.append(WeakModel(model: model))
    return model
  }

  /// A card for `apod` shown soon (Today's first state) finds its preview decoded or under way.
  public func warmPreview(of apod: APOD) {
    guard case .image(let preview, _) = apod.hero else { return }
    pipeline.warm(preview, size: .preview)
  }

  public func handleMemoryWarning() async {
    await pipeline.handleMemoryWarning()
    handedOut.removeAll { $0.model == nil }
    for model in handedOut.compactMap(\.model) {
      await model.handleMemoryWarning()
    }
  }
}
