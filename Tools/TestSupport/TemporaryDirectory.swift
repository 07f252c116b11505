import Foundation

/// A fresh folder under the system's temporary directory for one test or one benchmark run:
/// removed when the value goes away, or at once by `remove()`. Every test and benchmark that writes
/// files writes them here, so no run leaves folders behind.
public final class TemporaryDirectory: Sendable {
  public let url: URL

  /// Creates `<temporary directory>/<prefix>-<UUID>`.
  public init(prefix: String = "SpacerTests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { remove() }

  /// Removes the folder and everything in it now.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// The names of the entries directly inside the folder, sorted.
  public func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}
