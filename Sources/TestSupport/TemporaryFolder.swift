import Foundation

/// Fresh, empty folders under the system's temporary directory, for benchmarks and demos that
/// need real files. The caller removes the folder (`defer`), so its lifetime is plain to read.
public enum TemporaryFolder {
  /// Creates `<temporary directory>/<prefix>-<UUID>` and returns it.
  public static func make(_ prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
