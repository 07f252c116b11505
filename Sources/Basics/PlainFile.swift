import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What `stat(2)` says of a file. FileManager's attributes cost about ten times as much on Linux
/// (they also look up the owner's and group's names), which a launch pays once per cached file.
public struct FileStatus: Sendable, Hashable {
  public let device: UInt64
  public let inode: UInt64
  public let isRegularFile: Bool
  public let size: Int
  public let modifiedSeconds: Int
  public let modifiedNanoseconds: Int

  public init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    isRegularFile = (status.st_mode & S_IFMT) == S_IFREG
    size = Int(status.st_size)
    #if canImport(Darwin)
      (modifiedSeconds, modifiedNanoseconds) = (
        Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec)
      )
    #else
      (modifiedSeconds, modifiedNanoseconds) = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
    #endif
  }

  public init?(atPath path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  public init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }

  public var modified: Date {
    Date(timeIntervalSince1970: TimeInterval(modifiedSeconds) + TimeInterval(modifiedNanoseconds) / 1e9)
  }
}

public enum PlainFile {
  /// The bytes of the regular file at `path` and its status, both from one open file, so a rename
  /// by another process in between cannot pair one file's bytes with another's status. Nil when
  /// there is no such file or it cannot be read.
  public static func contents(atPath path: String) -> (data: Data, status: FileStatus)? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard let status = FileStatus(descriptor: descriptor), status.isRegularFile else { return nil }
    // Not `Data(count:)`: zeroing the buffer first costs as much as a small picture's read.
    var capacity = max(status.size, 0) + 1
    guard var buffer = malloc(capacity) else { return nil }
    var filled = 0
    while true {
      if filled == capacity {
        capacity += 4096
        guard let grown = realloc(buffer, capacity) else {
          free(buffer)
          return nil
        }
        buffer = grown
      }
      let count = read(descriptor, buffer + filled, capacity - filled)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        free(buffer)
        return nil
      }
      if count == 0 { break }
      filled += count
    }
    return (Data(bytesNoCopy: buffer, count: filled, deallocator: .free), status)
  }
}
