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
    --only GROUP  measure one group only: today, launch, explore, transport, image, search,
              image-memory, widget-memory or digest
    -h, --help  print this help
  """
let arguments = Array(CommandLine.arguments.dropFirst())
// The cold process of `search_first_11000_days_ms`, started by the benchmark itself.
if arguments.count == 2, arguments[0] == SearchBenchmarks.childArgument {
  do {
    try await SearchBenchmarks.childFirstSearch(
      folder: URL(fileURLWithPath: arguments[1]), clock: SystemClock())
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("spacer-bench: \(error)\n".utf8))
    exit(1)
  }
}
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
let groups = [
  "today", "launch", "explore", "transport", "image", "search", "image-memory", "widget-memory", "digest",
]
var only: String?
var rest = arguments[...]
var unknown: String?
while let argument = rest.popFirst() {
  if argument == "--json" { continue }
  if argument == "--only", let group = rest.popFirst(), groups.contains(group) {
    only = group
    continue
  }
  unknown = unknown ?? argument
}
if let unknown {
  FileHandle.standardError.write(Data("spacer-bench: error: unknown argument '\(unknown)'.\n\(usage)\n".utf8))
  exit(64)
}
let json = arguments.contains("--json")
// The one clock the benchmarked code reads (the stopwatches are `ContinuousClock`s of their own).
let wallClock = SystemClock()
do {
  var figures: [String: Double] = [:]
  func measures(_ group: String) -> Bool { only == nil || only == group }
  if measures("today") { figures.merge(try await Benchmarks.today(clock: wallClock)) { _, new in new } }
  if measures("launch") { figures.merge(try await LaunchBenchmark.run(clock: wallClock)) { _, new in new } }
  if measures("explore") { figures.merge(try await Benchmarks.explore(clock: wallClock)) { _, new in new } }
  if measures("transport") {
    figures.merge(try await TransportBenchmarks.run(clock: wallClock)) { _, new in new }
  }
  if measures("image") { figures.merge(try await ImageBenchmarks.run(clock: wallClock)) { _, new in new } }
  if measures("search") { figures.merge(try await SearchBenchmarks.run(clock: wallClock)) { _, new in new } }
  if measures("image-memory") {
    figures.merge(try await ImageMemoryBenchmark.run(clock: wallClock)) { _, new in new }
  }
  if measures("widget-memory") {
    figures.merge(try await WidgetMemoryBenchmark.run(clock: wallClock)) { _, new in new }
  }
  if measures("digest") {
    figures.merge(try await FileNameDigestBenchmarks.run(clock: wallClock)) { _, new in new }
  }
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
