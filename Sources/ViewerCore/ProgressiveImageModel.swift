import Basics
import Foundation
import ImageCache
import Observation

/// HD is loaded only in the viewer (`showHD()`): a card holds the preview (decoded at most 1,280 px,
/// about 6.5 MB), never HD (up to 4,096 px, 64 MB). Cached images come first (`init` reads the memory
/// tier, so the first frame shows it); without one nothing is drawn for `spinnerDelay`, so a fast
/// download never flashes a spinner. If HD fails, the preview stays with a retry.
@MainActor
@Observable
public final class ProgressiveImageModel {
  public enum HDStatus: Sendable, Equatable {
    case notRequested
    case loading
    case failed(ImagePipelineError)
    case released
  }

  public enum Phase: Sendable, Equatable {
    /// delay. Draw an empty frame, not a spinner.
    case idle
    /// The only phase that shows a spinner.
    case loading
    case preview(DecodedImage, hd: HDStatus)
    case full(DecodedImage)
    case failed(ImagePipelineError)
  }

  public private(set) var phase: Phase = .idle {
    didSet { onPhaseChange?(phase) }
  }

  /// The smaller image shown first (APOD's `url`).
  public let previewURL: URL
  /// The large image (APOD's `hdurl`).
  public let hdURL: URL

  @ObservationIgnored private let pipeline: ImagePipeline
  @ObservationIgnored private let clock: any Clocking
  @ObservationIgnored private let spinnerDelay: Duration
  @ObservationIgnored private let onPhaseChange: (@MainActor (Phase) -> Void)?
  public private(set) var wantsHD: Bool
  /// A drop of the HD image still waiting for its preview (the phase is `.idle` meanwhile), and the
  /// HD status the preview will show with. A later drop updates the status; `showHD()` cancels the
  /// drop's write, since its own load decides the phase.
  @ObservationIgnored private var pendingDrop: (id: UInt64, status: HDStatus)?
  @ObservationIgnored private var lastDropID: UInt64 = 0

  /// `onPhaseChange` is called after every change, in order, starting with a phase read at `init`.
  public init(
    previewURL: URL,
    hdURL: URL,
    pipeline: ImagePipeline,
    clock: any Clocking,
    spinnerDelay: Duration = .milliseconds(150),
    wantsHD: Bool = true,
    onPhaseChange: (@MainActor (Phase) -> Void)? = nil
  ) {
    self.previewURL = previewURL
    self.hdURL = hdURL
    self.pipeline = pipeline
    self.clock = clock
    self.spinnerDelay = spinnerDelay
    self.wantsHD = wantsHD
    self.onPhaseChange = onPhaseChange
    // Rule: a cached image is the first thing drawn. The memory tier answers synchronously, so a
    // view created over this model shows it in its very first frame, before `load()` runs.
    if wantsHD, let hd = pipeline.imageInMemoryNow(for: hdURL, size: .full) {
      phase = .full(hd)
    } else if let preview = pipeline.imageInMemoryNow(for: previewURL, size: .preview) {
      phase = .preview(preview, hd: wantsHD ? .loading : .notRequested)
    }
  }

  public var canRetry: Bool {
    switch phase {
    case .preview(_, hd: .failed), .preview(_, hd: .released), .failed: true
    case .idle, .loading, .preview(_, hd: .loading), .preview(_, hd: .notRequested), .full: false
    }
  }

  public func showHD() async {
    wantsHD = true
    // A drop still fetching its preview must not put a preview without HD over what this load shows.
    pendingDrop = nil
    if case .preview(let preview, hd: .notRequested) = phase {
      phase = .preview(preview, hd: .loading)
    }
    await load()
  }

  public func releaseHD() async {
    wantsHD = false
    await dropHD(to: .notRequested)
  }

  public func handleMemoryWarning() async {
    await dropHD(to: wantsHD ? .released : .notRequested)
  }

  /// Reentrant: `showHD()` and other drops may run while this one waits for its preview; it writes
  /// the phase only if nothing was drawn meanwhile, with the latest drop's status.
  private func dropHD(to status: HDStatus) async {
    switch phase {
    case .preview(let preview, hd: _):
      phase = .preview(preview, hd: status)
    case .full:
      // Let go of HD first; the preview comes from the caches (or the network when it never
      // loaded, the HD image having arrived first).
      phase = .idle
      lastDropID += 1
      let id = lastDropID
      pendingDrop = (id, status)
      let result = await Self.loaded(previewURL, size: .preview, from: pipeline)
      guard let drop = pendingDrop, drop.id == id, case .idle = phase else { return }
      pendingDrop = nil
      switch result {
      case .success(let preview): phase = .preview(preview, hd: drop.status)
      case .failure(.cancelled): return
      case .failure(let error): phase = .failed(error)
      }
    case .idle:
      // A drop waiting for its preview shows it with this newer status.
      pendingDrop?.status = status
    case .loading, .failed:
      return
    }
  }

  /// Call from the view's `.task`; cancelling it (the view went away) leaves the phase as it is.
  public func load() async {
    guard wantsHD else {
      await loadPreviewOnly()
      return
    }
    if case .full = phase { return }
    if case .preview(let preview, hd: .notRequested) = phase {
      phase = .preview(preview, hd: .loading)
    }
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

  public func retry() async {
    switch phase {
    case .preview(let preview, hd: .failed), .preview(let preview, hd: .released):
      wantsHD = true
      phase = .preview(preview, hd: .loading)
      await loadHD(over: preview)
    case .failed:
      phase = .idle
      await load()
    case .idle, .loading, .preview(_, hd: .loading), .preview(_, hd: .notRequested), .full:
      return
    }
  }

  private func loadHD(over preview: DecodedImage) async {
    do {
      let hd = try await pipeline.image(for: hdURL, size: .full)
      // The viewer may have closed while HD was on its way: the card keeps the preview.
      guard wantsHD else { return }
      phase = .full(hd)
    } catch .cancelled {
      return
    } catch {
      guard wantsHD else { return }
      phase = .preview(preview, hd: .failed(error))
    }
  }

  private func loadPreviewOnly() async {
    if case .preview = phase { return }
    if let preview = await pipeline.cachedImage(for: previewURL, size: .preview) {
      phase = .preview(preview, hd: .notRequested)
      return
    }
    let (pipeline, clock, delay, previewURL) = (self.pipeline, self.clock, spinnerDelay, self.previewURL)
    await withTaskGroup(of: Event.self) { group in
      group.addTask {
        try? await clock.sleep(for: delay)
        return .spinnerDue
      }
      group.addTask { .preview(await Self.loaded(previewURL, size: .preview, from: pipeline)) }
      for await event in group {
        switch event {
        case .spinnerDue:
          if phase == .idle, !Task.isCancelled { phase = .loading }
          continue
        case .preview(.success(let image)):
          phase = .preview(image, hd: .notRequested)
        case .preview(.failure(.cancelled)):
          break  // the view went away: the phase stays as it is
        case .preview(.failure(let error)):
          phase = .failed(error)
        case .hd:
          continue
        }
        group.cancelAll()
        return
      }
    }
  }

  private enum Event: Sendable {
    case spinnerDue
    case preview(Result<DecodedImage, ImagePipelineError>)
    case hd(Result<DecodedImage, ImagePipelineError>)
  }

  private nonisolated static func loaded(
    _ url: URL, size: ImageSize, from pipeline: ImagePipeline
  ) async -> Result<DecodedImage, ImagePipelineError> {
    do throws(ImagePipelineError) {
      return .success(try await pipeline.image(for: url, size: size))
    } catch {
      return .failure(error)
    }
  }

  /// The spinner appears only if nothing arrived within the spinner delay.
  private func loadUncached() async {
    let (pipeline, clock, delay) = (self.pipeline, self.clock, spinnerDelay)
    let (previewURL, hdURL) = (self.previewURL, self.hdURL)
    await withTaskGroup(of: Event.self) { group in
      group.addTask {
        try? await clock.sleep(for: delay)
        return .spinnerDue
      }
      group.addTask { .preview(await Self.loaded(previewURL, size: .preview, from: pipeline)) }
      group.addTask { .hd(await Self.loaded(hdURL, size: .full, from: pipeline)) }
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
  public var shownImage: DecodedImage? {
    switch self {
    case .preview(let image, hd: _), .full(let image): image
    case .idle, .loading, .failed: nil
    }
  }

  public var showsSpinner: Bool {
    if case .loading = self { return true }
    return false
  }

  public var offersHDRetry: Bool {
    switch self {
    case .preview(_, hd: .failed), .preview(_, hd: .released): true
    default: false
    }
  }

  public var failure: ImagePipelineError? {
    if case .failed(let error) = self { return error }
    return nil
  }
}
