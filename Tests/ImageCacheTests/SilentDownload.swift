import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// A download of `path` from `server`, which never answers it (the route is held until the check
/// ends), must fail with `.timedOut` exactly at the app's one-minute deadline on `deadlines` (the
/// injected clock), never earlier, however long the machine takes to get there. Shared by every
/// downloader that runs under that deadline (the pipeline's images, Share and Save's
/// `PictureDownload`); `download` is handed the path's URL.
func expectSilenceTimesOutAtTheMinute(
  _ path: String, contentType: String, on server: ImageServer, deadlines: TestClock,
  _ download: @escaping @Sendable (URL) async throws(ImagePipelineError) -> Void
) async throws {
  let silence = Gate()
  // Opened on every way out, so a failing check never leaves the server waiting on it.
  defer { Task { await silence.open() } }
  await server.server.route(path) { _ in
    await silence.wait()
    return .bytes(Data(), contentType: contentType)
  }
  let url = server.url(path)
  let pending = Task { () async -> ImagePipelineError? in
    do throws(ImagePipelineError) {
      try await download(url)
      return nil
    } catch {
      return error
    }
  }
  try await eventually("the download waiting on its deadline") {
    await silence.arrivals == 1 && deadlines.pendingSleeperCount == 1
  }
  // Just short of the deadline, nothing has ended; the last second ends it.
  deadlines.advance(by: .seconds(59))
  #expect(deadlines.pendingSleeperCount == 1)
  deadlines.advance(by: .seconds(1))

  #expect(await pending.value == .http(.timedOut))
}
