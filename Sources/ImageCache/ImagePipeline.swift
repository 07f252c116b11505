import Basics
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Counters describing the pipeline's tiers at one moment.
public struct ImagePipelineStatistics: Sendable, Equatable {
  /// Decoded bytes held in memory now.
  public var memoryCost: Int
  /// The memory tier's limit, in decoded bytes.
  public var memoryCostLimit: Int
  /// The most decoded bytes ever held at once (never above the limit).
  public var peakMemoryCost: Int
  /// Decoded images held in memory.
  public var memoryImageCount: Int
  /// Bytes of original files on disk.
  public var diskBytes: Int
  /// The disk tier's cap (pinned files may exceed it).
  public var diskByteLimit: Int
  /// Original files on disk.
  public var diskFileCount: Int
  /// URLs pinned (downloaded or not).
  public var pinnedCount: Int
  /// Network downloads started since the pipeline was created.
  public var downloadsStarted: Int
  /// Network transfers running now; an abandoned one counts until its cancellation lands.
  public var downloadsInFlight: Int
  /// Prefetches queued or running.
  public var prefetchesOutstanding: Int
  /// Background downloads of pinned images queued or running.
  public var pinDownloadsOutstanding: Int
}

/// Every NASA image the app shows goes through here: memory first, then disk, then network.
///
/// - Memory tier: decoded images per (URL, size), least recently used out, bounded by decoded
///   cost in bytes; emptied by `handleMemoryWarning()`.
/// - Disk tier: the original bytes per URL, hashed names, written atomically, least recently
///   used out under a byte cap, pinned files kept (favorites browse offline).
/// - Coalescing: concurrent requests for the same image share one decode, and every size of
///   the same URL shares one download. A caller that cancels leaves alone; when the last caller
///   leaves, the work is cancelled.
/// - Decoding runs off this actor, on the global concurrent executor.
/// - Low Data Mode: HD downloads and background downloads of pinned images do not use a
///   constrained network (`ImageSize.allowsConstrainedNetwork`); thumbnails and previews do.
public actor ImagePipeline {
  private let downloader: any ImageDownloading
  private let decoder: any ImageDecoding
  private let clock: any Clocking
  /// The memory tier, shared with `imageInMemoryNow(for:size:)` behind its lock.
  private let memory: LockedMemoryImageCache
  private var disk: DiskImageStore
  private let imageJobs = CoalescingTable<ImageKey, DecodedImage>()
  private let downloads = CoalescingTable<URL, Data>()
  private var downloadsStarted = 0
  /// Transfers whose task has not ended yet (an abandoned one counts until it stops).
  private var downloadsRunning = 0
  /// Recently seen URLs, normalized and hashed, so hot lookups skip both steps. Behind a lock, so
  /// the synchronous memory lookups share it with the actor.
  private nonisolated let resolvedURLs = ResolvedURLTable()
  /// Prefetches, at most `prefetch(_:size:maxConcurrent:)`'s limit at a time.
  private var prefetches = BackgroundFetchQueue<ImageKey>(limit: 4)
  /// Downloads for pinned URLs not on disk, two at a time so that re-pinning a long favorites
  /// list does not flood the network.
  private var pinFetches = BackgroundFetchQueue<URL>(limit: 2)
  /// The last widget decode asked for each URL: the next one waits for it (one at a time).
  private var widgetDecodes: [URL: Task<Void, Never>] = [:]

  /// - Parameters:
  ///   - directory: where the disk tier lives; the pipeline owns everything in it.
  ///   - pinnedDirectory: where pinned images and the pin list live, outside the purgeable caches
  ///     folder (the app passes a folder in Application Support); nil keeps them in `directory`.
  ///   - memoryCostLimit: decoded bytes kept in memory (width × height × 4 per image).
  ///   - diskByteLimit: original bytes kept on disk, not counting what pins keep beyond it.
  ///   - downloader: fetches original bytes.
  ///   - decoder: ImageIO on Apple platforms; `HeaderImageDecoder` on Linux.
  ///   - clock: stamps disk accesses (persisted recency): `SystemClock` in the app.
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

  /// A pipeline that downloads with `session` (give it a configuration without a URLCache).
  /// - Parameter clock: stamps disk accesses, measures each download's deadline
  ///   (`URLSessionImageDownloader.defaultTimeout`) and anchors `Retry-After`: `SystemClock` in
  ///   the app; tests pass a `TestClock`, which stands still until they move it.
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

  /// The image at `url`, decoded to fit `size`: from memory, else from disk, else downloaded
  /// (and then kept on disk).
  ///
  /// Concurrent calls for the same URL and size share the work. Cancelling the calling task
  /// throws `.cancelled` at once for this caller only; the work stops when no caller is left.
  ///
  /// A memory hit is answered on the caller's executor without entering the pipeline's actor:
  /// the memory tier and the URL table are behind their own locks, and the hops onto the actor
  /// and back cost more than the lookup itself. Everything else (disk, download, coalescing) runs
  /// on the actor.
  public nonisolated(nonsending) func image(
    for url: URL, size: ImageSize
  ) async throws(ImagePipelineError) -> DecodedImage {
    let resolved = try resolve(url)
    let key = ImageKey(url: resolved.url, urlHash: resolved.urlHash, size: size)
    if let image = memory.withLock({ $0.image(for: key) }) { return image }
    return try await image(for: key)
  }

  /// The image from memory or disk only, never the network: nil when not cached. Lets a screen
  /// show a cached preview at once instead of a spinner.
  public func cachedImage(for url: URL, size: ImageSize) async -> DecodedImage? {
    guard let url = try? resolve(url).url else { return nil }
    let key = ImageKey(url: url, size: size)
    if let image = memory.withLock({ $0.image(for: key) }) { return image }
    return await decodeFromDisk(key)
  }

  /// The image from the memory tier only: no file read, no decode. Nil when not in memory.
  public func imageInMemory(for url: URL, size: ImageSize) -> DecodedImage? {
    guard let url = try? resolve(url).url else { return nil }
    return memory.withLock { $0.image(for: ImageKey(url: url, size: size)) }
  }

  /// The image from the memory tier, answered synchronously from any thread (no `await`): what
  /// a view draws in its very first frame, so a memory hit never shows a placeholder first.
  ///
  /// It reads the same tier the actor uses, under the same lock, so it agrees with
  /// `imageInMemory(for:size:)` and never returns an image already evicted or dropped by
  /// `handleMemoryWarning()`. Like every lookup it marks the image recently used. No disk read,
  /// no decode, no network; nil for a URL the pipeline refuses.
  public nonisolated func imageInMemoryNow(for url: URL, size: ImageSize) -> DecodedImage? {
    guard let url = try? resolve(url).url else { return nil }
    return memory.withLock { $0.image(for: ImageKey(url: url, size: size)) }
  }

  /// The original bytes from the disk tier, undecoded, or nil. Marks the file recently used.
  public func cachedData(for url: URL) -> Data? {
    guard let resolved = try? resolve(url) else { return nil }
    disk.loadIfNeeded()
    return disk.read(resolved.fileName, now: clock.now)
  }

  /// Keeps `data`, the original bytes of `url` downloaded elsewhere (Share and Save to Photos'
  /// `PictureDownload`), in the disk tier, so the next Share, Save or viewer reads the file
  /// instead of downloading the picture again. Bytes that are not a whole picture are not kept.
  public func keepOriginal(_ data: Data, for url: URL) async {
    guard let resolved = try? resolve(url), (try? ImageHeaderReader.validate(data)) != nil else { return }
    await store(data, for: resolved.url)
  }

  /// True when `url` is in memory at any size or on disk: no network is needed to show it.
  public func isCached(_ url: URL) -> Bool {
    guard let resolved = try? resolve(url) else { return false }
    let inMemory = memory.withLock { $0.containsImage(for: resolved.url) }
    if inMemory {
      return true
    }
    disk.loadIfNeeded()
    disk.adoptIfWrittenElsewhere(resolved.fileName)
    return disk.contains(resolved.fileName)
  }

  /// The file the disk tier uses for `url`, whether or not it exists yet (diagnostics, tests,
  /// benchmarks). Nil for a URL the pipeline refuses.
  public func cacheFileURL(for url: URL) -> URL? {
    guard let resolved = try? resolve(url) else { return nil }
    return disk.fileURL(for: resolved.fileName)
  }

  // MARK: - Widget pictures

  /// The picture at `url` decoded for a widget, under the widget extension's memory limit:
  /// - from the memory tier when there;
  /// - else decoded straight from the disk tier's file (downloaded there first when missing),
  ///   never from a copy of the whole file in memory (`ImageDecoding.decodeFile`);
  /// - one such decode per URL at a time: the sizes WidgetKit asks for together decode one after
  ///   another, each from the file, instead of three copies of it at once;
  /// - a file above `maxFileBytes` is refused (`.tooLargeForWidget`) before it is read.
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

  /// The same picture for a widget snapshot, which must answer from what is saved: from the
  /// memory tier at this size, else decoded from the disk tier's file, and nil when that file is
  /// not there (never a download), is too large, or does not decode. The file's presence is
  /// checked in the same step as the decode, so a file removed after any earlier check (the app
  /// evicting it, another size of it still in memory) gives nil, not a download.
  public func cachedWidgetImage(
    for url: URL, size: ImageSize, maxFileBytes: Int = ImageSize.widgetMaximumFileBytes
  ) async -> DecodedImage? {
    guard let resolved = try? resolve(url) else { return nil }
    return try? await widgetDecode(resolved, size: size, maxFileBytes: maxFileBytes, downloadsMissing: false)
  }

  /// One widget decode per URL at a time; nil only when `downloadsMissing` is false and the file
  /// is not on disk.
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
    disk.loadIfNeeded()
    disk.adoptIfWrittenElsewhere(fileName)
    if !disk.contains(fileName) {
      guard downloadsMissing else { return nil }
      // Written to the disk tier by the download; the bytes in memory are let go right here.
      _ = try await download(key.url, allowsConstrainedNetwork: key.size.allowsConstrainedNetwork)
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

  @concurrent
  private nonisolated static func decodeWidgetFile(
    _ file: URL, size: ImageSize, maxFileBytes: Int, with decoder: any ImageDecoding
  ) async throws(ImagePipelineError) -> DecodedImage {
    let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
    let bytes = (attributes?[.size] as? NSNumber)?.intValue ?? (attributes?[.size] as? Int) ?? 0
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

  /// Keeps the file for `url` on disk regardless of the cap (a favorite), and downloads it in
  /// the background if it is not there yet, so favorites browse offline. A URL pinned before
  /// its download finishes is kept once it lands. Persisted; pinning twice is harmless. Returns
  /// without waiting for the download. A URL the pipeline refuses (not http(s)) is ignored.
  public func pin(_ url: URL) async {
    guard let resolved = try? resolve(url) else { return }
    disk.loadIfNeeded()
    disk.setPinned(true, resolved.fileName)
    if !disk.contains(resolved.fileName), !pinFetches.contains(resolved.url) {
      pinFetches.enqueue(resolved.url)
      startQueuedPinFetches()
    }
  }

  /// Lets the file for `url` be evicted again (at once if the tier is over its cap), and stops
  /// its background download if one is pending.
  public func unpin(_ url: URL) async {
    guard let resolved = try? resolve(url) else { return }
    disk.loadIfNeeded()
    disk.setPinned(false, resolved.fileName)
    pinFetches.cancel { $0 == resolved.url }
  }

  /// True when `url` is pinned.
  public func isPinned(_ url: URL) -> Bool {
    guard let resolved = try? resolve(url) else { return false }
    disk.loadIfNeeded()
    return disk.pinned.contains(resolved.fileName)
  }

  /// Lets go of `url` decoded at `size` in the memory tier; the disk copy stays. The viewer calls
  /// it for HD when it closes (`ViewerClosing`): a decoded HD image (up to 64 MB) would otherwise
  /// stay in the 96 MB tier until evicted.
  public func removeFromMemory(_ url: URL, size: ImageSize) {
    guard let resolved = try? resolve(url) else { return }
    memory.withLock { $0.remove(ImageKey(url: resolved.url, urlHash: resolved.urlHash, size: size)) }
  }

  /// Empties the memory tier. The app calls this on a memory warning; disk is untouched.
  public func handleMemoryWarning() {
    memory.withLock { $0.removeAll() }
  }

  /// The tiers' counters now.
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

  /// Warms the caches for images about to scroll into view (the Explore feed), at most
  /// `maxConcurrent` at a time across all prefetches (the latest call sets the limit).
  /// Already cached or queued images are skipped; failures are ignored, since a view that asks
  /// later gets its own error.
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

  /// Stops prefetching `urls` (at every size): queued ones are dropped, running ones cancelled.
  /// Work a view is also waiting for goes on for that view.
  public func cancelPrefetch(_ urls: [URL]) {
    let cancelled = Set(urls.compactMap { try? resolve($0).url })
    prefetches.cancel { cancelled.contains($0.url) }
  }

  /// Stops every prefetch.
  public func cancelAllPrefetches() {
    prefetches.cancel { _ in true }
  }

  /// Downloads (bytes only, no decode) for pinned URLs not on disk.
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

  /// Names one of the pipeline's job tables (an actor's state cannot be named by a key path).
  private typealias JobTable<Key: Hashable & Sendable, Value: Sendable> =
    @Sendable (isolated ImagePipeline) -> CoalescingTable<Key, Value>

  /// What a job does for its key, run on the pipeline.
  private typealias JobWork<Value: Sendable> =
    @Sendable (isolated ImagePipeline) async throws(ImagePipelineError) -> Value

  /// Joins the job running for `key` in `table`, starting it with `produce` when none runs. A
  /// caller that is cancelled leaves alone; the job is cancelled when its last caller leaves.
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

  /// Registers a waiter with the job running for `key`; a job already gone answers `.cancelled`.
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

  /// Reads and decodes the disk copy; a file the decoder refuses is removed (a miss).
  private func decodeFromDisk(_ key: ImageKey) async -> DecodedImage? {
    disk.loadIfNeeded()
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

  /// One download per URL: a job already running for another size is shared as it was started.
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
    do {
      _ = try ImageHeaderReader.validate(data)
    } catch .unrecognizedFormat where ImageHeaderReader.looksLikeText(data) {
      throw .notAnImage(contentType: nil)
    } catch {
      throw .undecodable(error)
    }
    await store(data, for: url)
    return data
  }

  /// Writes the original bytes atomically off this actor, then indexes them (and evicts).
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

  /// Normalizes and hashes `url`, remembering the result for the next lookups of the same URL.
  private nonisolated func resolve(_ url: URL) throws(ImagePipelineError) -> ResolvedURL {
    if let resolved = resolvedURLs.value(for: url) { return resolved }
    let normalized = try ImageURLPolicy.normalized(url)
    let resolved = ResolvedURL(url: normalized, fileName: fileName(forNormalized: normalized))
    resolvedURLs.remember(resolved, for: url)
    return resolved
  }

  /// The disk name for a normalized URL: the SHA-256 of its absolute string.
  private nonisolated func fileName(forNormalized url: URL) -> String {
    resolvedURLs.value(for: url)?.fileName ?? SHA256Digest(hashing: url.absoluteString).hexString
  }

  private static func pipelineError(_ error: any Error) -> ImagePipelineError {
    if let error = error as? ImagePipelineError { return error }
    return .cancelled  // CancellationError is the only other error a waiter can see
  }
}

/// A caller's URL as the caches know it: normalized, and the digest naming its disk file.
struct ResolvedURL: Sendable {
  let url: URL
  let fileName: String
  /// `url.hashValue`, computed once for the memory tier's keys.
  let urlHash: Int

  init(url: URL, fileName: String) {
    self.url = url
    self.fileName = fileName
    urlHash = url.hashValue
  }
}

/// Recently resolved URLs, bounded (emptied past 1,024 entries), safe from any thread.
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
