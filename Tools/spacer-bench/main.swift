import Basics
import Foundation
import TestServer
import TestSupport

// spacer-bench: speed and memory figures for the closing notes; never part of the tests.
let usage = """
  Usage: swift run -c release spacer-bench [--json] [--help]

  Measures the data path and the image cache and prints one figure per line
  (or, with --json, one JSON object). Every key is listed in docs/DEVELOPMENT.md.

    --json    print the figures as a JSON object
    -h, --help  print this help
  """
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
if let unknown = arguments.first(where: { $0 != "--json" }) {
  FileHandle.standardError.write(Data("spacer-bench: error: unknown argument '\(unknown)'.\n\(usage)\n".utf8))
  exit(64)
}
let json = arguments.contains("--json")
// The one clock the benchmarked code reads (the stopwatches are `ContinuousClock`s of their own).
let wallClock = SystemClock()
do {
  var figures: [String: Double] = [:]
  figures.merge(try await Benchmarks.today(clock: wallClock)) { _, new in new }
  figures.merge(try await Benchmarks.explore(clock: wallClock)) { _, new in new }
  figures.merge(try await TransportBenchmarks.run(clock: wallClock)) { _, new in new }
  figures.merge(try await ImageBenchmarks.run(clock: wallClock)) { _, new in new }
  figures.merge(try await SearchBenchmarks.run(clock: wallClock)) { _, new in new }
  figures.merge(try await ImageMemoryBenchmark.run(clock: wallClock)) { _, new in new }
  figures.merge(try await WidgetMemoryBenchmark.run(clock: wallClock)) { _, new in new }
  figures.merge(await FileNameDigestBenchmarks.run(clock: wallClock)) { _, new in new }
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
