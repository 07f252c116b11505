import ArgumentParser
import Basics
import Foundation
import NASA

struct TodayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "today",
    abstract: "Today's picture (the APOD day runs on US Eastern time).",
    discussion: "Before today's picture is published, shows the newest earlier day and says so."
  )

  @OptionGroup var options: APODOptions

  @Flag(help: "Ask the service even when today's picture is already cached.")
  var refresh = false

  func validate() throws {
    try APODOptions.checkRefresh(refresh, offline: options.offline)
  }

  func run() async throws {
    try await options.withRepository { repository, now in
      let policy: FetchPolicy = refresh && !options.offline ? .refresh : options.policy
      let result = try await Console.reportingFailure(options.context(day: APODDay.today(now: now))) {
        () async throws(APODError) in
        try await repository.today(policy)
      }
      // Ages and waits are measured when the answer arrives, as an error's message measures
      // them: a 429 gives the same "try again in N minutes" whether or not a copy is shown.
      try APODPrinter(
        json: options.json, now: options.clock.now, request: .today, choice: options.source,
        context: options.context(day: nil)
      ).print(result)
    }
  }
}

struct ShowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "The picture of one day, YYYY-MM-DD (1995-06-16 to today)."
  )

  @OptionGroup var options: APODOptions

  @Argument(help: "The day, as YYYY-MM-DD.")
  var date: String

  @Flag(help: "Ask the service even when the day is already saved (a changed copy replaces it).")
  var refresh = false

  func validate() throws {
    _ = try day()
    try APODOptions.checkRefresh(refresh, offline: options.offline)
  }

  func run() async throws {
    let day = try day()
    try await options.withRepository { repository, _ in
      let result = try await Console.reportingFailure(options.context(day: day)) {
        () async throws(APODError) in
        try await repository.apod(for: day, policy: refresh && !options.offline ? .refresh : options.policy)
      }
      // Ages and waits are measured when the answer arrives, as an error's message measures
      // them: a 429 gives the same "try again in N minutes" whether or not a copy is shown.
      try APODPrinter(
        json: options.json, now: options.clock.now, request: .day, choice: options.source,
        context: options.context(day: day)
      ).print(result)
    }
  }
}

extension ShowCommand {
  private func day() throws -> APODDay { try options.day(date) }
}

struct ExploreCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explore",
    abstract: "The recent days, newest first (refreshed at most once per APOD day)."
  )

  static let maximumDays = 366

  @OptionGroup var options: APODOptions

  // `.unconditional`: `--days -1` is a value to refuse with a sentence, not a missing value.
  @Option(parsing: .unconditional, help: "How many days, ending today (1-\(Self.maximumDays)).")
  var days = 30

  @Flag(help: "Check for new days even if the feed was already refreshed today.")
  var refresh = false

  func validate() throws {
    guard (1...Self.maximumDays).contains(days) else {
      throw ValidationError("--days must be between 1 and \(Self.maximumDays); got \(days).")
    }
    try APODOptions.checkRefresh(refresh, offline: options.offline)
  }

  func run() async throws {
    try await options.withRepository { repository, _ in
      let policy: FetchPolicy = refresh && !options.offline ? .refresh : options.policy
      let result = try await Console.reportingFailure(options.context(day: nil)) {
        () async throws(APODError) in
        try await repository.explore(days: days, policy)
      }
      // Ages and waits are measured when the answer arrives, as an error's message measures
      // them: a 429 gives the same "try again in N minutes" whether or not a copy is shown.
      try APODPrinter(
        json: options.json, now: options.clock.now, request: .explore(days: days), choice: options.source,
        context: options.context(day: nil)
      ).print(result)
    }
  }
}
