import Foundation
import Observation

/// The full-screen viewer's image: a cached preview at once, upgraded to HD when it arrives.
///
/// Rules:
/// - The caches are consulted before anything else, so when a preview (or HD) is cached the
///   first visible phase is that image: no phase shows a spinner while a cached preview exists.
/// - Without a cached image, nothing is drawn for `spinnerDelay` (a fast download never
///   flashes a spinner), then `.loading`.
/// - HD replaces the preview when it arrives; if HD fails, the preview stays, with the error and
///   a retry in the phase.
/// - An image already in the memory tier is the phase from the start (`init` reads it
///   synchronously), so even the first frame a view draws shows it.
@MainActor
@Observable
public final class ProgressiveImageModel {
  /// What HD is doing while the preview is shown.
  public enum HDStatus: Sendable, Equatable {
    /// HD is on its way.
    case loading
    /// HD failed; the preview stays and `retry()` tries HD again.
    case failed(ImagePipelineError)
  }

  /// The one state the viewer draws.
  public enum Phase: Sendable, Equatable {
    /// Nothing to draw yet: before `load()`, while the caches are read, and during the spinner
    /// delay. Draw an empty frame, not a spinner.
    case idle
    /// Nothing cached; downloading. The only phase that shows a spinner.
    case loading
    /// The preview, with HD's progress.
    case preview(DecodedImage, hd: HDStatus)
    /// The HD image: final.
    case full(DecodedImage)
    /// Nothing could be loaded; `retry()` starts over.
    case failed(ImagePipelineError)
  }

  /// The phase to draw.
  public private(set) var phase: Phase = .idle {
    didSet { onPhaseChange?(phase) }
  }

  /// The smaller image shown first (APOD's `url`).
  public let previewURL: URL
  /// The large image (APOD's `hdurl`).
  public let hdURL: URL

  @ObservationIgnored private let pipeline: ImagePipeline
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let spinnerDelay: Duration
  @ObservationIgnored private let onPhaseChange: (@MainActor (Phase) -> Void)?

  /// - Parameters:
  ///   - clock: times the spinner delay (inject a manual clock in tests).
  ///   - onPhaseChange: called after every phase change, in order (analytics, tests), starting
  ///     with a phase read from memory at `init`.
  public init(
    previewURL: URL,
    hdURL: URL,
    pipeline: ImagePipeline,
    clock: any Clock<Duration> = ContinuousClock(),
    spinnerDelay: Duration = .milliseconds(150),
    onPhaseChange: (@MainActor (Phase) -> Void)? = nil
  ) {
    self.previewURL = previewURL
    self.hdURL = hdURL
    self.pipeline = pipeline
    self.clock = clock
    self.spinnerDelay = spinnerDelay
    self.onPhaseChange = onPhaseChange
    // Rule: a cached image is the first thing drawn. The memory tier answers synchronously, so a
    // view created over this model shows it in its very first frame, before `load()` runs.
    if let hd = pipeline.imageInMemoryNow(for: hdURL, size: .full) {
      phase = .full(hd)
    } else if let preview = pipeline.imageInMemoryNow(for: previewURL, size: .preview) {
      phase = .preview(preview, hd: .loading)
    }
  }

  /// True when the phase offers a retry (HD failed under a preview, or everything failed).
  public var canRetry: Bool {
    switch phase {
    case .preview(_, hd: .failed), .failed: true
    case .idle, .loading, .preview(_, hd: .loading), .full: false
    }
  }

  /// Shows the best cached image at once, then loads what is missing. Call from the view's
  /// `.task`; cancelling it (the view went away) leaves the phase as it is.
  public func load() async {
    if case .full = phase { return }
    if case .preview(let preview, hd: .loading) = phase {
      // The preview came from memory at `init`: only HD is missing.
      await loadHD(over: preview)
      return
    }
    // Rule: read the caches before anything else, so a cached image is the first thing drawn.
    // HD only from memory here: decoding it from disk takes long enough to delay a preview.
    if let hd = await pipeline.imageInMemory(for: hdURL, size: .full) {
      phase = .full(hd)
      return
    }
    if let preview = await pipeline.cachedImage(for: previewURL, size: .preview) {
      phase = .preview(preview, hd: .loading)
      await loadHD(over: preview)
      return
    }
    await loadUncached()
  }

  /// Retries what failed: HD under a shown preview, or everything.
  public func retry() async {
    switch phase {
    case .preview(let preview, hd: .failed):
      phase = .preview(preview, hd: .loading)
      await loadHD(over: preview)
    case .failed:
      phase = .idle
      await load()
    case .idle, .loading, .preview(_, hd: .loading), .full:
      return
    }
  }

  private func loadHD(over preview: DecodedImage) async {
    do {
      phase = .full(try await pipeline.image(for: hdURL, size: .full))
    } catch .cancelled {
      return
    } catch {
      phase = .preview(preview, hd: .failed(error))
    }
  }

  private enum Event: Sendable {
    case spinnerDue
    case preview(Result<DecodedImage, ImagePipelineError>)
    case hd(Result<DecodedImage, ImagePipelineError>)
  }

  /// No preview cached: preview and HD load side by side (HD maybe from disk); the preview shows
  /// if it wins, HD replaces it (or wins outright). The spinner appears only if nothing arrived
  /// within the spinner delay.
  private func loadUncached() async {
    let (pipeline, clock, delay) = (self.pipeline, self.clock, spinnerDelay)
    let (previewURL, hdURL) = (self.previewURL, self.hdURL)
    await withTaskGroup(of: Event.self) { group in
      group.addTask {
        try? await clock.sleep(for: delay)
        return .spinnerDue
      }
      group.addTask {
        do throws(ImagePipelineError) {
          return .preview(.success(try await pipeline.image(for: previewURL, size: .preview)))
        } catch {
          return .preview(.failure(error))
        }
      }
      group.addTask {
        do throws(ImagePipelineError) {
          return .hd(.success(try await pipeline.image(for: hdURL, size: .full)))
        } catch {
          return .hd(.failure(error))
        }
      }
      var preview: DecodedImage?
      var previewError: ImagePipelineError?
      var hdError: ImagePipelineError?
      for await event in group {
        switch event {
        case .spinnerDue:
          if phase == .idle, !Task.isCancelled { phase = .loading }
        case .preview(.success(let image)):
          preview = image
          if let hdError, hdError != .cancelled {
            phase = .preview(image, hd: .failed(hdError))
          } else {
            phase = .preview(image, hd: .loading)
          }
        case .preview(.failure(let error)):
          previewError = error
        case .hd(.success(let image)):
          phase = .full(image)
          group.cancelAll()  // the preview and the spinner are moot
          return
        case .hd(.failure(let error)):
          hdError = error
          if let preview, error != .cancelled { phase = .preview(preview, hd: .failed(error)) }
        }
        if let previewError, let hdError {
          // Both failed; a cancellation (the view went away) leaves the phase alone.
          if hdError != .cancelled, previewError != .cancelled { phase = .failed(hdError) }
          group.cancelAll()
          return
        }
        if preview != nil, hdError != nil {
          group.cancelAll()  // the preview is final until retry(); stop the spinner timer
          return
        }
      }
    }
  }
}

extension ProgressiveImageModel.Phase {
  /// The image on screen in this phase: the preview or the HD image; nil when there is none.
  public var shownImage: DecodedImage? {
    switch self {
    case .preview(let image, hd: _), .full(let image): image
    case .idle, .loading, .failed: nil
    }
  }

  /// True only in `.loading`: nothing is cached and the spinner delay has passed. Never while an
  /// image (a preview) is shown, and never during the delay.
  public var showsSpinner: Bool {
    if case .loading = self { return true }
    return false
  }

  /// True when the preview is shown because HD failed: the view offers a small retry over it.
  public var offersHDRetry: Bool {
    if case .preview(_, hd: .failed) = self { return true }
    return false
  }

  /// The error to show in place of the image (nothing could be loaded), or nil.
  public var failure: ImagePipelineError? {
    if case .failed(let error) = self { return error }
    return nil
  }
}
