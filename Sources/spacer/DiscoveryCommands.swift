import ArgumentParser
import Basics
import Foundation
import NASA

struct RandomCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "random",
    abstract: "A random day of the archive (1995-06-16 to today), never one of the last 30 drawn.",
    discussion: """
      The days drawn are remembered in random-days.json in the cache folder; a damaged file is \
      replaced (said on stderr). A day without a picture is skipped (up to \(Self.maximumDraws) draws).
      """
  )

  static let maximumDraws = 5

  @OptionGroup var options: APODOptions

  @Option(help: "Seed the draw, to repeat it (default: a new random seed each run).")
  var seed: UInt64?

  func run() async throws {
    let store = RandomDayHistoryStore(folder: options.cacheDirectory())
    var generator = SeededRandom(seed: seed ?? UInt64.random(in: .min ... .max))
    try await options.withRepository { repository, now in
      let today = APODDay.today(now: now)
      var draws = 0
      while true {
        draws += 1
        let draw = store.draw(through: today, using: &generator)
        if draw.damaged {
          Console.note(
            "the random-day history \(store.file.path) could not be read; it was started again "
              + "(a day may come back sooner).")
        }
        if let error = draw.saveError {
          Console.note("the random-day history could not be saved (\(error.localizedDescription)).")
        }
        let result: APODResult
        do throws(APODError) {
          result = try await repository.apod(for: draw.day, policy: options.policy)
        } catch .noAPOD where draws < Self.maximumDraws {
          Console.note("\(draw.day.iso) has no picture; drawing again.")
          continue
        } catch {
          // One specific line on stderr and exit status 1, as `show` reports it.
          result = try await Console.reportingFailure(options.context(day: draw.day)) {
            () async throws(APODError) in throw error
          }
        }
        try APODPrinter(
          json: options.json, now: options.clock.now, request: .day, choice: options.source,
          context: options.context(day: draw.day)
        ).print(result)
        return
      }
    }
  }
}

struct OnThisDayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "on-this-day",
    abstract: "The same calendar day in past years, newest first, \(OnThisDay.pageSize) years a page.",
    discussion: """
      Each day is fetched through the per-day route and saved, so a page is asked once. On \
      February 29 a year without one gives its February 28.
      """
  )

  @OptionGroup var options: APODOptions

  @Option(help: "Which page of \(OnThisDay.pageSize) years (1 is the most recent years).")
  var page = 1

  @Option(help: "The day to look back from, YYYY-MM-DD (default: today's APOD day).")
  var date: String?

  func validate() throws {
    guard page >= 1 else { throw ValidationError("--page must be 1 or more; got \(page).") }
    _ = try day()
  }

  func run() async throws {
    let asked = try day()
    try await options.withRepository { repository, now in
      let list = OnThisDay(today: asked ?? APODDay.today(now: now))
      let days = list.page(page - 1)
      guard !days.isEmpty else {
        Console.note(
          list.pageCount == 0
            ? "\(list.today.iso) has no earlier years in the archive (it starts on \(APODDay.first.iso))."
            : "there are \(list.pageCount) pages for \(list.today.iso); page \(page) is past the last.")
        if options.json { try Console.out("[]") }
        return
      }
      guard let loads = await repository.load(days, policy: options.policy) else {
        throw APODCommandError.cancelled
      }
      var results: [APODResult] = []
      var failures = 0
      for load in loads {
        switch load {
        case .picture(let result): results.append(result)
        case .noPicture(let day): Console.note("\(day.iso): NASA has no picture for this day.")
        case .failed(let day, let error):
          failures += 1
          Console.note("\(day.iso): \(Console.message(for: error, options.context(day: day)))")
        }
      }
      if page < list.pageCount {
        Console.note("page \(page) of \(list.pageCount); --page \(page + 1) goes further back.")
      }
      let now = options.clock.now
      if options.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(results.map { APODRecord($0, now: now) })
        try Console.out(String(decoding: data, as: UTF8.self))
      } else {
        try Console.out(
          results.map { "\($0.apod.date.iso)  \($0.apod.mediaType.rawValue)  \($0.apod.title)" }
            .joined(separator: "\n"))
      }
      if results.isEmpty, failures > 0 { throw ExitCode(1) }
    }
  }

  private func day() throws -> APODDay? {
    try date.map(options.day)
  }
}

/// A command stopped before it had an answer.
enum APODCommandError: Error, CustomStringConvertible {
  case cancelled
  var description: String { "the command was cancelled before the days arrived." }
}
