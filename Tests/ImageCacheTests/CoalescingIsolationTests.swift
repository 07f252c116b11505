import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// The coalescing tables belong to the pipeline's actor: every caller that joins a job, and every
/// job that ends, must change them on that actor. These tests make many callers join jobs that
/// end at once, so joins and ends overlap as much as they can.
///
/// A caller that registered its waiter off the actor (the bench's crash: a heap corruption or a
/// bad pointer in `coalesced`) is a data race that ThreadSanitizer reports on every run of this
/// suite (`swift test --sanitize=thread`, as `.ci/run` does); without the sanitizer the same bug
/// shows, rarely, as a crash, a caller answered `.cancelled` that never cancelled, or a hang.
@Suite("Coalescing tables change only on the pipeline's actor", .timeLimit(.minutes(2)))
struct CoalescingIsolationTests {
  @Test func callersJoiningJobsThatEndAtOnceAllGetTheirImage() async throws {
    let data = ImageFixtures.png(width: 64, height: 48)
    let downloader = InstantDownloader(data: data)
    try await withPipeline(over: downloader) { pipeline in
      let rounds = 150
      let outcomes = await withTaskGroup(of: Result<Int, ImagePipelineError>.self) { group in
        for round in 0..<rounds {
          let url = URL(string: "https://apod.nasa.gov/apod/image/race-\(round).png")!
          // Three sizes of one URL: three image jobs sharing one download job, each joined twice.
          for size in [ImageSize.thumbnail, .preview, .full, .thumbnail, .preview, .full] {
            group.addTask {
              do throws(ImagePipelineError) {
                return .success(try await pipeline.image(for: url, size: size).pixelWidth)
              } catch {
                return .failure(error)
              }
            }
          }
        }
        return await group.reduce(into: [Result<Int, ImagePipelineError>]()) { $0.append($1) }
      }

      let failures = outcomes.compactMap { outcome -> ImagePipelineError? in
        if case .failure(let error) = outcome { return error }
        return nil
      }
      #expect(failures.isEmpty, "no caller cancelled, yet \(failures.count) failed: \(failures.prefix(3))")
      #expect(outcomes.count == rounds * 6)
      #expect(await pipeline.statistics().downloadsStarted == rounds)
      #expect(await downloader.count() == rounds)
    }
  }

  @Test func callersLeavingWhileOthersJoinLeaveNoWaiterBehind() async throws {
    let downloader = InstantDownloader(data: ImageFixtures.png(width: 16, height: 16))
    try await withPipeline(over: downloader) { pipeline in
      for round in 0..<60 {
        let url = URL(string: "https://apod.nasa.gov/apod/image/leave-\(round).png")!
        let callers = (0..<8).map { _ in Task { try await pipeline.image(for: url, size: .preview) } }
        // Half leave at once, racing the others' joins and the job's end on the actor.
        for caller in callers.prefix(4) { caller.cancel() }
        for caller in callers.suffix(4) {
          // A waiter lost by the table never resumes: the hang guard turns that into a failure.
          let width = try await boundedValue(of: caller).pixelWidth
          #expect(width == 16)
        }
        for caller in callers.prefix(4) {
          // A caller that left may have had its image first; either way it is answered.
          let result = try await bounded("a caller that left") { await caller.result }
          if case .failure(let error) = result {
            #expect(error as? ImagePipelineError == .cancelled)
          }
        }
      }
      #expect(await pipeline.statistics().downloadsInFlight == 0)
    }
  }
}

/// Answers every download at once with the same bytes, counting calls.
private struct InstantDownloader: ImageDownloading {
  let data: Data
  private let calls = Counter()

  init(data: Data) { self.data = data }

  func count() async -> Int { await calls.value }

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    await calls.increment()
    return data
  }
}

private actor Counter {
  private(set) var value = 0
  func increment() { value += 1 }
}
