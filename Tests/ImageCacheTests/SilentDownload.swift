import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// A download from a server that never answers, held by `silence` until the test ends, must fail
/// with `.timedOut` exactly at the app's one-minute deadline on `deadlines` (the injected clock),
/// never earlier, however long the machine takes to get there. Shared by every downloader that
/// runs under that deadline (the pipeline's images, Share and Save's `PictureDownload`).
func expectTimedOutAtTheMinute(
  silence: Gate, deadlines: TestClock,
  _ download: @escaping @Sendable () async throws(ImagePipelineError) -> Void
) async throws {
  let pending = Task { () async -> ImagePipelineError? in
    do throws(ImagePipelineError) {
      try await download()
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
