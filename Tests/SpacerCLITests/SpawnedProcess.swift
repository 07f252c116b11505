import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process for the CLI tests, started with `posix_spawn` rather than Foundation's
/// `Process`. On Linux, `Process.run()` finds the highest open descriptor by reading
/// `/proc/self/fd` and copying each entry's whole 256-byte `d_name`, past the end of the entry;
/// with more than about 1,360 descriptors open (the whole suite in one process: loopback servers,
/// sessions and their connections), an entry lies near the end of the directory buffer and that
/// copy can read an unmapped page: the test process crashed with "Bad pointer dereference" in
/// `Process.run()` (swift-corelibs-foundation 6.3.1, Process.swift, `findMaximumOpenFromProcSelfFD`).
/// Here the child gets its standard output and error as files and every other descriptor closed.
struct SpawnedProcess: Sendable {
  let pid: pid_t

  /// Starts `executable` with `arguments` and exactly `environment`, writing its standard output
  /// to `stdout` and its standard error to `stderr` (opened for appending, created when missing).
  static func start(
    _ executable: URL, arguments: [String], environment: [String: String], stdout: String, stderr: String
  ) throws -> SpawnedProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    closeDescriptorsFromThree(&actions)

    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
    guard result == 0 else {
      throw SpawnError(description: "posix_spawn \(executable.path): \(String(cString: strerror(result)))")
    }
    return SpawnedProcess(pid: pid)
  }

  /// The exit status (or the number of the signal that ended it), or nil when it has not ended
  /// after `limit` of real time: a hang guard, far above an honest run; the child is then killed.
  func exitStatus(limit: Duration) async -> Int32? {
    let pid = pid
    let ended = await withTaskGroup(of: Int32?.self) { group in
      group.addTask { await Self.waitForExit(pid) }
      group.addTask {
        try? await Task.sleep(for: limit)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      if first == nil { kill(pid, SIGKILL) }
      // After a kill the waiting child task reaps the child, so nothing is left behind.
      await group.waitForAll()
      return first
    }
    return ended
  }

  /// Blocks a thread of its own (not one of the concurrency pool's) in `waitpid`.
  private static func waitForExit(_ pid: pid_t) async -> Int32 {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        continuation.resume(returning: signal == 0 ? (status >> 8) & 0xff : signal)
      }
    }
  }

  /// Closes every descriptor from 3 up in the child. glibc (2.34+) has
  /// `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not export, so
  /// it is looked up by name; without it the child inherits the descriptors, which only keeps
  /// them open while it runs.
  private static func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
    _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
  }
}

struct SpawnError: Error, CustomStringConvertible {
  let description: String
}
