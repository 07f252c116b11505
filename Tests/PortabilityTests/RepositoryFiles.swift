import Foundation

/// The repository these tests read as text: its root and the Swift files below a folder.
enum RepositoryFiles {
  /// The repository's root (this file is `Tests/PortabilityTests/RepositoryFiles.swift`).
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every Swift file below `folder` (a path from `root`), each with its path from `folder` and
  /// its text, in the file system's order; none when the folder does not exist.
  static func swiftFiles(in folder: String, root: URL = root) throws -> [(path: String, text: String)] {
    let directory = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
      return []
    }
    var files: [(path: String, text: String)] = []
    for case let url as URL in walker where url.pathExtension == "swift" {
      files.append(
        (String(url.path.dropFirst(directory.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
    }
    return files
  }
}
