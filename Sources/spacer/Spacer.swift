import ArgumentParser

/// `spacer`: NASA's Astronomy Picture of the Day from the command line, built on the same Core
/// modules as the iPhone app (sources, cache, refresh rules), so a Linux user sees what the app does.
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
        spacer simulate Scenarios/*.json   run the monetization scenarios
      """,
    subcommands: [TodayCommand.self, ShowCommand.self, ExploreCommand.self, SimulateCommand.self]
  )
}
