import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One `stat(2)`. FileManager's attributes cost about ten times as much on Linux (they also look up
/// the owner's and group's names), which a launch pays once per cached file.
public struct FileStatus: Sendable, Hashable {
  public let isRegularFile: Bool
  public let size: Int
  public let modified: Date

  public init?(atPath path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    isRegularFile = (status.st_mode & S_IFMT) == S_IFREG
    size = Int(status.st_size)
    #if canImport(Darwin)
      let time = status.st_mtimespec
    #else
      let time = status.st_mtim
    #endif
    modified = Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9)
  }
}
