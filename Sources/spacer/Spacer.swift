import ArgumentParser

/// The `spacer` command-line companion.
@main
struct Spacer: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "spacer", abstract: "Spacer's command-line companion.", subcommands: [SimulateCommand.self])
}
