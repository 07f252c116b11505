import Foundation

/// A fresh folder under the system's temporary directory for one test: removed when the value
/// goes away, or at once by `remove()`. Every test that writes files writes them here, so no run
/// leaves folders behind.
public final class TemporaryDirectory: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("SpacerTests-\(UUID().uuidString)", isDirectory: true)
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
