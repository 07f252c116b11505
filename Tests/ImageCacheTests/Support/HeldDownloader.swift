import Foundation
import ImageCache
import ImageTestSupport

/// Counts what happened to the downloads of a `HeldDownloader`.
actor DownloadLog {
  private(set) var started = 0
  private(set) var cancelled = 0

  func didStart() { started += 1 }
  func didCancel() { cancelled += 1 }
}

/// A downloader whose transfers hang until `release()`, recording cancellations: shows what
/// the pipeline does to a transfer, independently of URLSession.
struct HeldDownloader: ImageDownloading {
  let data: Data
  let log = DownloadLog()
  private let gate = Gate()

  init(data: Data) { self.data = data }

  func release() async { await gate.open() }

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    await log.didStart()
    await withTaskCancellationHandler {
      await gate.wait()
    } onCancel: { [log] in
      Task { await log.didCancel() }
    }
    if Task.isCancelled { throw .cancelled }
    return data
  }
}
