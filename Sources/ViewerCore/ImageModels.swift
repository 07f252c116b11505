import Basics
import Foundation
import ImageCache
import NASA
import Observation
import ScreenCore

/// The image models of the detail cards and the viewer: one place that hands them out, so a memory
/// warning reaches every one still on screen.
///
/// Rules:
/// - A card gets a preview → HD model only for an image hero (`APOD.hero` is `.image`): the same
///   URLs the hero shows. Videos, pages and days without an image get none.
/// - A card's model starts with the preview only; HD loads when the viewer asks (`showHD()`).
/// - A memory warning empties the pipeline's memory tier and makes every model still alive let
///   go of its HD image. Models are held weakly: a card that went away is not kept alive.
@MainActor @Observable
public final class ImageModels {
  /// Every NASA image on screen.
  public let pipeline: ImagePipeline
  /// Times each model's spinner delay: the clock of the process.
  @ObservationIgnored private let clock: any Clocking
  @ObservationIgnored private var handedOut: [WeakModel] = []

  private struct WeakModel {
    weak var model: ProgressiveImageModel?
  }

  public init(pipeline: ImagePipeline, clock: any Clocking) {
    self.pipeline = pipeline
    self.clock = clock
  }

  /// A picture's original bytes for Share and Save to Photos (the disk tier, else one download).
  public var pictures: PictureDownload { PictureDownload(images: pipeline, clock: clock) }

  /// The card's model for `apod`, or nil when its hero is not an image.
  public func progressiveImage(for apod: APOD) -> ProgressiveImageModel? {
    guard case .image(let preview, let hd) = apod.hero else { return nil }
    let model = ProgressiveImageModel(
      previewURL: preview, hdURL: hd, pipeline: pipeline, clock: clock, wantsHD: false)
    handedOut.removeAll { $0.model == nil }
    handedOut.append(WeakModel(model: model))
    return model
  }

  /// The system is short of memory: drop decoded images (the disk tier stays), including the HD
  /// image a card's model still holds.
  public func handleMemoryWarning() async {
    await pipeline.handleMemoryWarning()
    handedOut.removeAll { $0.model == nil }
    for model in handedOut.compactMap(\.model) {
      await model.handleMemoryWarning()
    }
  }
}
