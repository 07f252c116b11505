import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing
import ViewerCore

/// A pipeline stand-in: a memory tier the test fills, and downloads that answer with what the test
/// scripts, optionally held at a gate.
final class ScriptedThumbnails: ThumbnailLoading, @unchecked Sendable {
  // @unchecked: every stored property is read and written only under `lock`.
  private let lock = NSLock()
  private var memory: [URL: DecodedImage] = [:]
  private var answer: Result<DecodedImage, ImagePipelineError>
  private var loads = 0
  private let gate: AsyncGate?

  init(answer: Result<DecodedImage, ImagePipelineError>, gate: AsyncGate? = nil) {
    self.answer = answer
    self.gate = gate
  }

  var loadCount: Int { lock.withLock { loads } }

  func keepInMemory(_ image: DecodedImage, for url: URL) { lock.withLock { memory[url] = image } }

  func answer(with result: Result<DecodedImage, ImagePipelineError>) { lock.withLock { answer = result } }

  func imageInMemoryNow(for url: URL, size: ImageSize) -> DecodedImage? { lock.withLock { memory[url] } }

  func cachedImage(for url: URL, size: ImageSize) async -> DecodedImage? { lock.withLock { memory[url] } }

  func image(for url: URL, size: ImageSize) async throws(ImagePipelineError) -> DecodedImage {
    lock.withLock { loads += 1 }
    if let gate { await gate.wait() }
    return try lock.withLock { answer }.get()
  }
}

private let url = URL(string: "https://apod.nasa.gov/apod/image/2611/cell.jpg")!
private let picture = DecodedImage(pixelWidth: 320, pixelHeight: 240, format: .jpeg)

@MainActor
@Suite("Thumbnails: grid cells, cards and posters", .timeLimit(.minutes(5)))
struct ThumbnailModelTests {
  @Test func aDayWithoutAnImageShowsThePhotoSymbolAndNeverLoads() async {
    let loader = ScriptedThumbnails(answer: .success(picture))
    let model = ThumbnailModel(url: nil, size: .thumbnail, loader: loader)

    await model.load()

    #expect(model.display == .noImage)
    #expect(loader.loadCount == 0)
  }

  @Test func anImageAlreadyInMemoryIsShownFromTheFirstFrameWithoutALoad() async {
    let loader = ScriptedThumbnails(answer: .failure(.http(.offline)))
    loader.keepInMemory(picture, for: url)

    #expect(ThumbnailModel.display(for: url, size: .thumbnail, loader: loader) == .image(picture))
    let model = ThumbnailModel(url: url, size: .thumbnail, loader: loader)
    #expect(model.display == .image(picture))
    await model.load()
    #expect(model.display == .image(picture))
    #expect(loader.loadCount == 0)
  }

  @Test func aQuietPlaceholderStandsInWhileItLoadsThenTheImage() async throws {
    let gate = AsyncGate()
    let loader = ScriptedThumbnails(answer: .success(picture), gate: gate)
    let model = ThumbnailModel(url: url, size: .thumbnail, loader: loader)
    #expect(model.display == .placeholder)

    let load = Task { await model.load() }
    try await bounded("the held download") { while await gate.waiting == 0 { await Task.yield() } }
    #expect(model.display == .placeholder)
    await gate.open()
    try await bounded("the load task") { await load.value }

    #expect(model.display == .image(picture))
  }

  @Test func aFailureShowsTheSymbolAndTheNextAppearanceTriesAgain() async {
    let loader = ScriptedThumbnails(answer: .failure(.http(.offline)))
    let model = ThumbnailModel(url: url, size: .thumbnail, loader: loader)

    await model.load()
    #expect(model.display == .failed)

    loader.answer(with: .success(picture))
    await model.load()
    #expect(model.display == .image(picture))
    #expect(loader.loadCount == 2)
  }

  @Test func aCancelledLoadIsNotAFailure() async {
    let loader = ScriptedThumbnails(answer: .failure(.cancelled))
    let model = ThumbnailModel(url: url, size: .thumbnail, loader: loader)

    await model.load()

    #expect(model.display == .placeholder)
  }

  @Test func onceTheImageIsShownAnotherAppearanceLoadsNothing() async {
    let loader = ScriptedThumbnails(answer: .success(picture))
    let model = ThumbnailModel(url: url, size: .thumbnail, loader: loader)

    await model.load()
    await model.load()

    #expect(model.display == .image(picture))
    #expect(loader.loadCount == 1)
  }
}
