import Basics

/// A callback API that calls both `success` and `failure`, or one of them twice, must not crash the app.
public final class ResumeOnce<Value: Sendable>: Sendable {
  private let continuation: CheckedContinuation<Value, Never>
  private let resumed = Locked(false)

  public init(_ continuation: CheckedContinuation<Value, Never>) {
    self.continuation = continuation
  }

  @discardableResult
  public func resume(returning value: Value) -> Bool {
    let isFirst = resumed.withLock { (alreadyResumed: inout Bool) -> Bool in
      defer { alreadyResumed = true }
      return !alreadyResumed
    }
    if isFirst { continuation.resume(returning: value) }
    return isFirst
  }
}
