import ArgumentParser
import Foundation

/// Built on the same Core modules as the iPhone app, so a Linux user sees what the app does.
@main
struct Spacer: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "spacer",
    abstract: "NASA's Astronomy Picture of the Day, from the Spacer app's core.",
    discussion: """
      Examples:
        spacer today --demo          sample data from a local server (no internet needed)
        spacer today                 the real services (NASA_API_KEY, or DEMO_KEY for v1)
        spacer show 1995-06-16 --json
        spacer explore --days 7
        spacer random                a random day, never one of the last 30 drawn
        spacer on-this-day           this day in past years
        spacer search andromeda      find saved days by words
        spacer simulate Scenarios/*.json   run the monetization scenarios
      """,
    subcommands: [
      TodayCommand.self, ShowCommand.self, ExploreCommand.self, RandomCommand.self, OnThisDayCommand.self,
      SearchCommand.self, SimulateCommand.self,
    ]
  )

  /// Usage errors keep exit status 64, with a pointer to the help.
  static func main() async {
    do {
      try checkHelpTopic(Array(CommandLine.arguments.dropFirst()))
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      try Console.flush()
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        // --help and friends: the text goes to stdout.
        let text = fullMessage(for: error)
        if !text.isEmpty { print(text) }
        Foundation.exit(0)
      }
      // One line, whatever the parser's or a library's text holds.
      let message = message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        .split(whereSeparator: \.isNewline).joined(separator: " ")
      if !message.isEmpty {
        var text = "spacer: error: \(message)\n"
        if code == .validationFailure { text += "spacer: see 'spacer --help' for usage.\n" }
        FileHandle.standardError.write(Data(text.utf8))
      }
      Foundation.exit(code.rawValue)
    }
  }

  /// The argument parser would print the general help and succeed.
  static func checkHelpTopic(_ arguments: [String]) throws {
    guard arguments.first == "help", let topic = arguments.dropFirst().first, !topic.hasPrefix("-") else {
      return
    }
    let names = configuration.subcommands.compactMap { $0.configuration.commandName }
    guard !names.contains(topic) else { return }
    throw ValidationError(
      "there is no command '\(topic)'; the commands are \(names.joined(separator: ", ")).")
  }
}
