import Basics
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

public struct ImagePipelineStatistics: Sendable, Equatable {
  public var memoryCost: Int
  public var memoryCostLimit: Int
  public var peakMemoryCost: Int
  public var memoryImageCount: Int
  public var diskBytes: Int
  /// Pinned files may exceed it.
  public var diskByteLimit: Int
  public var diskFileCount: Int
  public var pinnedCount: Int
  public var downloadsStarted: Int
  /// An abandoned transfer counts until its cancellation lands.
  public var downloadsInFlight: Int
  public var prefetchesOutstanding: Int
  public var pinDownloadsOutstanding: Int
}

/// Memory tier: decoded images per (URL, size), bounded by decoded cost. Disk tier: the original
/// bytes per URL, pinned files kept (favorites browse offline). Concurrent requests share one decode,
/// and every size of a URL shares one download; the work stops when its last caller leaves. HD and
/// pin downloads never use a constrained (Low Data Mode) network.
public actor ImagePipeline {
  private let downloader: any ImageDownloading
  private let decoder: any ImageDecoding
  private let clock: any Clocking
  private let memory: LockedMemoryImageCache
  private var disk: DiskImageStore
  private let imageJobs = CoalescingTable<ImageKey, DecodedImage>()
  private let downloads = CoalescingTable<URL, Data>()
  /// Not a `CoalescingTable`: a disk decode is never abandoned halfway, so it needs no task to cancel.
  private var diskDecodes: [ImageKey: [CheckedContinuation<DecodedImage?, Never>]] = [:]
  private var downloadsStarted = 0
  private var downloadsRunning = 0
  /// Behind a lock, so the synchronous memory lookups share it with the actor.
  private nonisolated let resolvedURLs = ResolvedURLTable()
  private var prefetches = BackgroundFetchQueue<ImageKey>(limit: 4)
  /// Two at a time, so that re-pinning a long favorites list does not flood the network.
  private var pinFetches = BackgroundFetchQueue<URL>(limit: 2)
  private var widgetDecodes: [URL: Task<Void, Never>] = [:]

  /// `pinnedDirectory` lies outside the purgeable caches folder (the app passes one in Application
  /// Support); `memoryCostLimit` counts width × height × 4 per image.
  public init(
    directory: URL,
    pinnedDirectory: URL? = nil,
    memoryCostLimit: Int = 96 << 20,
    diskByteLimit: Int = 300 << 20,
    downloader: any ImageDownloading,
    decoder: any ImageDecoding,
    clock: any Clocking
  ) {
    self.downloader = downloader
    self.decoder = decoder
    self.clock = clock
    self.memory = LockedMemoryImageCache(costLimit: memoryCostLimit)
    self.disk = DiskImageStore(
      directory: directory, pinnedDirectory: pinnedDirectory, byteLimit: diskByteLimit)
  }

  /// Give `session` a configuration without a URLCache.
  public init(
    directory: URL,
    pinnedDirectory: URL? = nil,
    memoryCostLimit: Int = 96 << 20,
    diskByteLimit: Int = 300 << 20,
    session: URLSession,
    decoder: any ImageDecoding,
    clock: any Clocking
  ) {
    self.init(
      directory: directory, pinnedDirectory: pinnedDirectory, memoryCostLimit: memoryCostLimit,
      diskByteLimit: diskByteLimit,
      downloader: URLSessionImageDownloader(session: session, clock: clock), decoder: decoder,
      clock: clock)
  }

  // MARK: - Loading

  /// A memory hit is answered on the caller's executor without entering the actor: the hops onto
  /// the actor and back cost more than the lookup. Cancelling throws `.cancelled` at once for this
  /// caller only.
  public nonisolated(nonsending) func image(
    for url: URL, size: ImageSize
  ) async throws(ImagePipelineError) -> DecodedImage {
    let resolved = try resolve(url)
    let key = ImageKey(url: resolved.url, urlHash: resolved.urlHash, size: size)
    if let image = memory.withLock({ $0.image(for: key) }) { return image }
    return try await image(for: key)
  }

  /// Lets a screen show a cached preview at once instead of a spinner.
  public func cachedImage(for url: URL, size: ImageSize) async -> DecodedImage? {
    guard let url = try? resolve(url).url else { return nil }
    let key = ImageKey(url: url, size: size)
    if let image = memory.withLock({ $0.image(for: key) }) { return image }
    return await decodeFromDisk(key)
  }

  /// Starts reading a saved picture before a screen asks for it (Today knows its day before its view
  /// exists), so that the decode overlaps the screen's first layout. Never downloads.
  public nonisolated func warm(_ url: URL, size: ImageSize) {
    guard imageInMemoryNow(for: url, size: size) == nil else { return }
    Task { _ = await self.cachedImage(for: url, size: size) }
  }

  public func imageInMemory(for url: URL, size: ImageSize) -> DecodedImage? {
    guard let url = try? resolve(url).url else { return nil }
    return memory.withLock { $0.image(for: ImageKey(url: url, size: size)) }
  }

  /// What a view draws in its very first frame, so a memory hit never shows a placeholder first; the
  /// same tier and lock as the actor, so it never returns an image already evicted.
  public nonisolated func imageInMemoryNow(for url: URL, size: ImageSize) -> DecodedImage? {
    guard let url = try? resolve(url).url else { return nil }
    return memory.withLock { $0.image(for: ImageKey(url: url, size: size)) }
  }

  public func cachedData(for url: URL) -> Data? {
    guard let resolved = try? resolve(url) else { return nil }
    return disk.read(resolved.fileName, now: clock.now)
  }

  /// Share and Save to Photos download elsewhere (`PictureDownload`); kept so the next Share, Save or
  /// viewer reads the file. Bytes that are not a whole picture are not kept.
  public func keepOriginal(_ data: Data, for url: URL) async {
    guard let resolved = try? resolve(url), (try? ImageHeaderReader.validate(data)) != nil else { return }
    await store(data, for: resolved.url)
  }

  public func isCached(_ url: URL) -> Bool {
    guard let resolved = try? resolve(url) else { return false }
    let inMemory = memory.withLock { $0.containsImage(for: resolved.url) }
    if inMemory {
      return true
    }
    disk.adoptIfWrittenElsewhere(resolved.fileName)
    return disk.contains(resolved.fileName)
  }

  public func cacheFileURL(for url: URL) -> URL? {
    guard let resolved = try? resolve(url) else { return nil }
    disk.loadIfNeeded()
    return disk.fileURL(for: resolved.fileName)
  }

  // MARK: - Widget pictures

  /// Under the widget extension's memory limit: decoded straight from the disk tier's file, never a
  /// copy of the whole file in memory, one decode per URL at a time (WidgetKit asks for several sizes
  /// together), and a file above `maxFileBytes` is refused before it is read.
  public func widgetImage(
    for url: URL, size: ImageSize, maxFileBytes: Int = ImageSize.widgetMaximumFileBytes
  ) async throws(ImagePipelineError) -> DecodedImage {
    let resolved = try resolve(url)
    // Downloads a missing file, so an image is always produced or an error thrown.
    guard
      let image = try await widgetDecode(
        resolved, size: size, maxFileBytes: maxFileBytes, downloadsMissing: true)
    else { throw .undecodable(.unrecognizedFormat) }
    return image
  }

  /// A snapshot must answer from what is saved: never a download. The file's presence is checked in
  /// the same step as the decode, so a file removed meanwhile gives nil, not a download.
  public func cachedWidgetImage(
    for url: URL, size: ImageSize, maxFileBytes: Int = ImageSize.widgetMaximumFileBytes
  ) async -> DecodedImage? {
    guard let resolved = try? resolve(url) else { return nil }
    return try? await widgetDecode(resolved, size: size, maxFileBytes: maxFileBytes, downloadsMissing: false)
  }

  private func widgetDecode(
    _ resolved: ResolvedURL, size: ImageSize, maxFileBytes: Int, downloadsMissing: Bool
  ) async throws(ImagePipelineError) -> DecodedImage? {
    let key = ImageKey(url: resolved.url, urlHash: resolved.urlHash, size: size)
    if let image = memory.withLock({ $0.image(for: key) }) { return image }
    let previous = widgetDecodes[resolved.url]
    let job = Task { () async -> Result<DecodedImage?, ImagePipelineError> in
      await previous?.value
      do throws(ImagePipelineError) {
        return .success(
          try await self.produceWidgetImage(
            key, fileName: resolved.fileName, maxFileBytes: maxFileBytes, downloadsMissing: downloadsMissing))
      } catch {
        return .failure(error)
      }
    }
    let finished = Task { _ = await job.value }
    widgetDecodes[resolved.url] = finished
    let result = await withTaskCancellationHandler {
      await job.value
    } onCancel: {
      job.cancel()
    }
    if widgetDecodes[resolved.url] == finished { widgetDecodes[resolved.url] = nil }
    return try result.get()
  }

  private func produceWidgetImage(
    _ key: ImageKey, fileName: String, maxFileBytes: Int, downloadsMissing: Bool
  ) async throws(ImagePipelineError) -> DecodedImage? {
    // The decode before this one may have been the same size.
    if let image = memory.withLock({ $0.image(for: key) }) { return image }
    guard !Task.isCancelled else { throw .cancelled }
    disk.adoptIfWrittenElsewhere(fileName)
    if !disk.contains(fileName) {
      guard downloadsMissing else { return nil }
      try await downloadToDisk(
        key.url, fileName: fileName, allowsConstrainedNetwork: key.size.allowsConstrainedNetwork)
    }
    let file = disk.fileURL(for: fileName)
    do {
      let image = try await Self.decodeWidgetFile(
        file, size: key.size, maxFileBytes: maxFileBytes, with: decoder)
      memory.withLock { $0.insert(image, for: key) }
      return image
    } catch .undecodable(let error) {
      disk.remove(fileName)
      throw .undecodable(error)
    }
  }

  /// The widget's download: the body goes to a file beside the disk tier's as it arrives (the
  /// extension lives under about 30 MB, a picture may be 20), is checked from a mapping of that
  /// file, and takes the disk tier's name only once whole and a picture.
  private func downloadToDisk(
    _ url: URL, fileName: String, allowsConstrainedNetwork: Bool
  ) async throws(ImagePipelineError) {
    downloadsStarted += 1
    downloadsRunning += 1
    defer { downloadsRunning -= 1 }
    disk.loadIfNeeded()
    let destination = disk.fileURL(for: fileName)
    let partial = destination.deletingLastPathComponent()
      .appendingPathComponent(".\(fileName).\(UUID().uuidString).part", isDirectory: false)
    defer { try? FileManager.default.removeItem(at: partial) }
    let bytes = try await downloader.download(
      url, toFile: partial, allowsConstrainedNetwork: allowsConstrainedNetwork)
    try Self.validateFile(partial)
    do {
      try? FileManager.default.removeItem(at: destination)
      try FileManager.default.moveItem(at: partial, to: destination)
    } catch {
      throw .http(.transport("the picture could not be kept: \(error.localizedDescription)"))
    }
    disk.didWrite(fileName, byteCount: bytes, now: clock.now)
  }

  private nonisolated static func validateFile(_ file: URL) throws(ImagePipelineError) {
    guard let mapped = try? Data(contentsOf: file, options: .alwaysMapped) else {
      throw .undecodable(.unrecognizedFormat)
    }
    try validate(mapped)
  }

  /// A body that is text (an error page served as 200) is `notAnImage`, not a damaged picture.
  private nonisolated static func validate(_ data: Data) throws(ImagePipelineError) {
    do {
      _ = try ImageHeaderReader.validate(data)
    } catch .unrecognizedFormat where ImageHeaderReader.looksLikeText(data) {
      throw .notAnImage(contentType: nil)
    } catch {
      throw .undecodable(error)
    }
  }

  @concurrent
  private nonisolated static func decodeWidgetFile(
    _ file: URL, size: ImageSize, maxFileBytes: Int, with decoder: any ImageDecoding
  ) async throws(ImagePipelineError) -> DecodedImage {
    let bytes = FileStatus(atPath: file.path)?.size ?? 0
    guard bytes <= maxFileBytes else { throw .tooLargeForWidget(bytes: bytes, limit: maxFileBytes) }
    let mapped: Data
    do {
      mapped = try Data(contentsOf: file, options: .alwaysMapped)
    } catch {
      // Removed by the other process between the check and the read: nothing to decode.
      throw .undecodable(.unrecognizedFormat)
    }
    do {
      return try decoder.decodeFile(at: file, mapped: mapped, maxPixelSize: size.maxPixelSize(for: mapped))
    } catch {
      throw .undecodable(error)
    }
  }

  // MARK: - Pinning and memory pressure

  /// Persisted; returns without waiting for the download. A URL pinned before its download finishes
  /// is kept once it lands.
  public func pin(_ url: URL) async {
    guard let resolved = try? resolve(url) else { return }
    disk.loadIfNeeded()
    disk.setPinned(true, resolved.fileName)
    if !disk.contains(resolved.fileName), !pinFetches.contains(resolved.url) {
      pinFetches.enqueue(resolved.url)
      startQueuedPinFetches()
    }
  }

  public func unpin(_ url: URL) async {
    guard let resolved = try? resolve(url) else { return }
    disk.loadIfNeeded()
    disk.setPinned(false, resolved.fileName)
    pinFetches.cancel { $0 == resolved.url }
  }

  public func isPinned(_ url: URL) -> Bool {
    guard let resolved = try? resolve(url) else { return false }
    disk.loadIfNeeded()
    return disk.pinned.contains(resolved.fileName)
  }

  /// A decoded HD image (up to 64 MB) would otherwise stay in the 96 MB tier until evicted.
  public func removeFromMemory(_ url: URL, size: ImageSize) {
    guard let resolved = try? resolve(url) else { return }
    memory.withLock { $0.remove(ImageKey(url: resolved.url, urlHash: resolved.urlHash, size: size)) }
  }

  public func handleMemoryWarning() {
    memory.withLock { $0.removeAll() }
  }

  public func statistics() -> ImagePipelineStatistics {
    disk.loadIfNeeded()
    let (memoryCost, peakMemoryCost, memoryImageCount) = memory.withLock {
      ($0.totalCost, $0.peakCost, $0.count)
    }
    return ImagePipelineStatistics(
      memoryCost: memoryCost, memoryCostLimit: memory.costLimit, peakMemoryCost: peakMemoryCost,
      memoryImageCount: memoryImageCount, diskBytes: disk.totalBytes, diskByteLimit: disk.byteLimit,
      diskFileCount: disk.count, pinnedCount: disk.pinned.count, downloadsStarted: downloadsStarted,
      downloadsInFlight: downloadsRunning,
      prefetchesOutstanding: prefetches.outstanding, pinDownloadsOutstanding: pinFetches.outstanding)
  }

  // MARK: - Prefetching

  /// The latest call sets the limit. Failures are ignored: a view that asks later gets its own error.
  public func prefetch(_ urls: [URL], size: ImageSize, maxConcurrent: Int = 4) {
    prefetches.limit = max(1, maxConcurrent)
    for url in urls {
      guard let url = try? resolve(url).url else { continue }
      let key = ImageKey(url: url, size: size)
      guard !memory.withLock({ $0.contains(key) }), !prefetches.contains(key) else { continue }
      prefetches.enqueue(key)
    }
    startQueuedPrefetches()
  }

  /// Work a view is also waiting for goes on for that view.
  public func cancelPrefetch(_ urls: [URL]) {
    let cancelled = Set(urls.compactMap { try? resolve($0).url })
    prefetches.cancel { cancelled.contains($0.url) }
  }

  public func cancelAllPrefetches() {
    prefetches.cancel { _ in true }
  }

  private func startQueuedPinFetches() {
    pinFetches.startWaiting { url, id in
      Task {
        // Background work for offline browsing: never over a constrained (Low Data Mode) network.
        _ = try? await self.download(url, allowsConstrainedNetwork: false)
        self.pinFetches.finished(url, id: id)
        self.startQueuedPinFetches()
      }
    }
  }

  private func startQueuedPrefetches() {
    prefetches.startWaiting { key, id in
      Task {
        _ = try? await self.image(for: key)
        self.prefetches.finished(key, id: id)
        self.startQueuedPrefetches()
      }
    }
  }

  // MARK: - Coalesced jobs (one per key; every caller asking meanwhile waits for it)

  /// An actor's state cannot be named by a key path.
  private typealias JobTable<Key: Hashable & Sendable, Value: Sendable> =
    @Sendable (isolated ImagePipeline) -> CoalescingTable<Key, Value>

  private typealias JobWork<Value: Sendable> =
    @Sendable (isolated ImagePipeline) async throws(ImagePipelineError) -> Value

  private func coalesced<Key: Hashable & Sendable, Value: Sendable>(
    _ key: Key, in table: @escaping JobTable<Key, Value>, produce: @escaping JobWork<Value>
  ) async throws(ImagePipelineError) -> Value {
    let jobs = table(self)
    if !jobs.isRunning(key) {
      let jobID = jobs.makeID()
      let task = Task { await self.runJob(key, id: jobID, in: table, produce: produce) }
      jobs.start(key, id: jobID, task: task)
    }
    let waiterID = jobs.makeID()
    do {
      // Both closures below must run on this actor: the table is not thread-safe, and the job
      // cannot end before this waiter is registered only because it needs this actor, which is
      // not released until the continuation suspends. A closure is isolated to an actor only when
      // it captures the actor's isolated `self`; one that does not (say, one that captures the
      // table in a local) is nonisolated, so the async operation runs on the global executor,
      // racing the job's `finish` and other callers on the actor: the bench's heap corruption.
      // Here both capture `self`, and the continuation calls the synchronous actor-isolated
      // `addWaiter`, which does not compile from a closure off this actor.
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          self.addWaiter(continuation, id: waiterID, key: key, in: table)
        }
      } onCancel: {
        Task { await self.waiterLeft(waiterID, key: key, in: table) }
      }
    } catch {
      throw Self.pipelineError(error)
    }
  }

  private func addWaiter<Key: Hashable & Sendable, Value: Sendable>(
    _ waiter: CheckedContinuation<Value, any Error>, id: UInt64, key: Key, in table: JobTable<Key, Value>
  ) {
    if !table(self).addWaiter(waiter, id: id, to: key) {
      waiter.resume(throwing: ImagePipelineError.cancelled)
    }
  }

  private func waiterLeft<Key: Hashable & Sendable, Value: Sendable>(
    _ waiterID: UInt64, key: Key, in table: JobTable<Key, Value>
  ) {
    let (waiter, orphanedTask) = table(self).removeWaiter(waiterID, from: key)
    waiter?.resume(throwing: ImagePipelineError.cancelled)
    orphanedTask?.cancel()
  }

  private func runJob<Key: Hashable & Sendable, Value: Sendable>(
    _ key: Key, id: UInt64, in table: JobTable<Key, Value>, produce: JobWork<Value>
  ) async {
    let result: Result<Value, ImagePipelineError>
    do {
      result = .success(try await produce(self))
    } catch {
      result = .failure(error)
    }
    for waiter in table(self).finish(key, id: id) {
      waiter.resume(with: result)
    }
  }

  // MARK: - Image jobs (one per URL and size)

  private func image(for key: ImageKey) async throws(ImagePipelineError) -> DecodedImage {
    if let image = memory.withLock({ $0.image(for: key) }) { return image }
    return try await coalesced(key, in: { $0.imageJobs }) {
      (pipeline) async throws(ImagePipelineError) -> DecodedImage in try await pipeline.produceImage(key)
    }
  }

  private func produceImage(_ key: ImageKey) async throws(ImagePipelineError) -> DecodedImage {
    // A read of the file (`cachedImage`, `warm`) may have finished since the caller looked.
    if let image = memory.withLock({ $0.image(for: key) }) { return image }
    if let image = await decodeFromDisk(key) { return image }
    guard !Task.isCancelled else { throw .cancelled }  // abandoned before reaching the network
    let data = try await download(key.url, allowsConstrainedNetwork: key.size.allowsConstrainedNetwork)
    let image: DecodedImage
    do {
      image = try await Self.decode(data, size: key.size, with: decoder)
    } catch {
      throw .undecodable(error)
    }
    memory.withLock { $0.insert(image, for: key) }
    return image
  }

  /// One read and decode per key at a time: a caller arriving meanwhile (a view after `warm`) waits
  /// for it instead of reading the file again.
  private func decodeFromDisk(_ key: ImageKey) async -> DecodedImage? {
    if diskDecodes[key] != nil {
      return await withCheckedContinuation { self.diskDecodes[key]?.append($0) }
    }
    diskDecodes[key] = []
    let image = await readAndDecode(key)
    for waiter in diskDecodes.removeValue(forKey: key) ?? [] { waiter.resume(returning: image) }
    return image
  }

  /// A file the decoder refuses is removed (a miss).
  private func readAndDecode(_ key: ImageKey) async -> DecodedImage? {
    let name = fileName(forNormalized: key.url)
    guard let data = disk.read(name, now: clock.now) else { return nil }
    do {
      let image = try await Self.decode(data, size: key.size, with: decoder)
      memory.withLock { $0.insert(image, for: key) }
      return image
    } catch {
      disk.remove(name)
      return nil
    }
  }

  @concurrent
  private nonisolated static func decode(
    _ data: Data, size: ImageSize, with decoder: any ImageDecoding
  ) async throws(ImageDecodingError) -> DecodedImage {
    // A widget size depends on the picture's shape (its short side covers the widget).
    try decoder.decode(data, maxPixelSize: size.maxPixelSize(for: data))
  }

  // MARK: - Download jobs (one per URL, shared by every size)

  private func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data {
    try await coalesced(url, in: { $0.downloads }) { (pipeline) async throws(ImagePipelineError) -> Data in
      try await pipeline.produceDownload(url, allowsConstrainedNetwork: allowsConstrainedNetwork)
    }
  }

  private func produceDownload(
    _ url: URL, allowsConstrainedNetwork: Bool
  ) async throws(ImagePipelineError)
    -> Data
  {
    guard !Task.isCancelled else { throw .cancelled }
    downloadsStarted += 1
    downloadsRunning += 1
    defer { downloadsRunning -= 1 }
    let data = try await downloader.download(url, allowsConstrainedNetwork: allowsConstrainedNetwork)
    try Self.validate(data)
    await store(data, for: url)
    return data
  }

  /// A failed write loses only the cache entry, never the image being shown.
  private func store(_ data: Data, for url: URL) async {
    disk.loadIfNeeded()
    guard disk.isAvailable else { return }
    let name = fileName(forNormalized: url)
    if await Self.writeAtomically(data, to: disk.fileURL(for: name)) {
      disk.didWrite(name, byteCount: data.count, now: clock.now)
    }
  }

  @concurrent
  private nonisolated static func writeAtomically(_ data: Data, to url: URL) async -> Bool {
    do {
      try data.write(to: url, options: .atomic)
      return true
    } catch {
      return false
    }
  }

  // MARK: - Helpers

  private nonisolated func resolve(_ url: URL) throws(ImagePipelineError) -> ResolvedURL {
    if let resolved = resolvedURLs.value(for: url) { return resolved }
    let normalized = try ImageURLPolicy.normalized(url)
    let resolved = ResolvedURL(url: normalized, fileName: fileName(forNormalized: normalized))
    resolvedURLs.remember(resolved, for: url)
    return resolved
  }

  private nonisolated func fileName(forNormalized url: URL) -> String {
    resolvedURLs.value(for: url)?.fileName ?? SHA256Digest(hashing: url.absoluteString).hexString
  }

  private static func pipelineError(_ error: any Error) -> ImagePipelineError {
    if let error = error as? ImagePipelineError { return error }
    return .cancelled  // CancellationError is the only other error a waiter can see
  }
}

struct ResolvedURL: Sendable {
  let url: URL
  let fileName: String
  let urlHash: Int

  init(url: URL, fileName: String) {
    self.url = url
    self.fileName = fileName
    urlHash = url.hashValue
  }
}

final class ResolvedURLTable: Sendable {
  private let table = Locked<[URL: ResolvedURL]>([:])

  func value(for url: URL) -> ResolvedURL? {
    table.withLock { $0[url] }
  }

  func remember(_ resolved: ResolvedURL, for url: URL) {
    table.withLock {
      if $0.count >= 1_024 { $0.removeAll(keepingCapacity: true) }
      $0[url] = resolved
    }
  }
}
