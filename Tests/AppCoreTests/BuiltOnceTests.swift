import AppCore
import TestSupport
import Testing

/// UIKit asks the app delegate for the allowed orientations synchronously, at any time: it reads
/// the graph through `built`, which must be nil until the build ends, then the one value.
@Suite("The graph built once: read without waiting", .timeLimit(.minutes(5)))
@MainActor
struct BuiltOnceReadTests {
  @Test func builtIsNilUntilTheBuildEndsThenTheValue() async throws {
    let graph = BuiltOnce<Int>()
    let gate = AsyncGate()
    #expect(graph.built == nil)
    let building = Task { @MainActor in
      await graph.value {
        await gate.wait()
        return 42
      }
    }
    try await bounded("the build to start waiting") {
      while await gate.waiting == 0 { await Task.yield() }
    }
    #expect(graph.built == nil)
    await gate.open()
    #expect(try await bounded("the build to end") { await building.value } == 42)
    #expect(graph.built == 42)
  }
}
