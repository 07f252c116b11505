import ArgumentParser
import Foundation
import ScenarioSimulator

/// `spacer simulate FILE...`: runs scenarios against the real `AppModel` (monetization ones with a
/// simulated store, journeys against the demo NASA server), prints each event log, and fails when
/// an expectation fails.
struct SimulateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Run monetization scenarios and journeys (JSON files, see Scenarios/README.md).",
    discussion: "Prints the event log of each scenario and exits non-zero if any expectation fails.")

  @Argument(help: "Scenario files to run.", completion: .file(extensions: ["json"]))
  var files: [String]

  @Flag(name: .shortAndLong, help: "Print only failures and the summary.")
  var quiet = false

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Give at least one scenario FILE.") }
  }

  @MainActor
  func run() async throws {
    let runner = ScenarioRunner()
    var failedFiles: [String] = []
    for file in files {
      let scenario: Scenario
      do {
        scenario = try ScenarioLoader.load(path: file)
      } catch {
        printError("spacer: error: \(error)")
        failedFiles.append(file)
        continue
      }
      let report = await runner.run(scenario)
      if !quiet || !report.passed {
        print(report.transcript.joined(separator: "\n"))
      }
      if report.passed {
        if !quiet { print("PASS \(file): \(report.name)\n") }
      } else {
        for failure in report.failures { printError("\(file): \(failure)") }
        print("FAIL \(file): \(report.name) (\(report.failures.count) failed)\n")
        failedFiles.append(file)
      }
    }
    print("\(files.count - failedFiles.count) of \(files.count) scenarios passed.")
    if !failedFiles.isEmpty { throw ExitCode.failure }
  }

  private func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
