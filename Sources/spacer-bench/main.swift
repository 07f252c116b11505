import Foundation
import TestSupport

// spacer-bench: speed and memory figures for the closing notes; never part of the tests.
// Usage: swift run -c release spacer-bench [--json]
let json = CommandLine.arguments.contains("--json")
do {
  var figures: [String: Double] = [:]
  figures.merge(try await Benchmarks.today()) { _, new in new }
  figures.merge(try await ImageBenchmarks.run()) { _, new in new }
  figures.merge(await SearchBenchmarks.run()) { _, new in new }
  figures.merge(try await HeroBenchmark.run()) { _, new in new }
  if json {
    let data = try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
  } else {
    for (key, value) in figures.sorted(by: { $0.key < $1.key }) {
      print(key.padding(toLength: 40, withPad: " ", startingAt: 0), String(format: "%.4f", value))
    }
  }
} catch {
  FileHandle.standardError.write(Data("spacer-bench: \(error)\n".utf8))
  exit(1)
}
