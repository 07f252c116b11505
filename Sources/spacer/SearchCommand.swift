import APODSearch
import ArgumentParser
import Foundation
import NASA
import Playback

struct SearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Find saved days by words in their title, explanation or credit.",
    discussion: """
      Searches only the days already saved (by today, show or explore); it never asks NASA.
      Every word must match, and a word may be the start of one ("androm gal" finds "Andromeda
      Galaxy"); case and accents do not matter. Days with the words in their title come first,
      then the newest.
      """
  )

  static let maximumLimit = 1_000

  @OptionGroup var options: APODOptions

  @Option(help: "all, images or videos.")
  var filter: APODMediaFilter = .all

  // `.unconditional`: `--limit -1` is a value to refuse with a sentence, not a missing value.
  @Option(parsing: .unconditional, help: "At most this many days (1-\(Self.maximumLimit)).")
  var limit = 20

  @Argument(help: "The words to look for.")
  var words: [String] = []

  func validate() throws {
    guard words.joined().contains(where: { $0.isLetter || $0.isNumber }) else {
      throw ValidationError("give at least one word to search for, for example: spacer search andromeda")
    }
    guard (1...Self.maximumLimit).contains(limit) else {
      throw ValidationError("--limit must be between 1 and \(Self.maximumLimit); got \(limit).")
    }
  }

  func run() async throws {
    try await options.withRepository { repository, _ in
      // One question per process: the answer waits for every saved day to be indexed.
      let library = APODSearchLibrary(repository: repository)
      await library.waitUntilIndexed()
      let query = words.joined(separator: " ")
      let hits = await library.search(query, filter: filter)
      let savedCount = await library.count
      if savedCount == 0 {
        Console.note(
          "nothing is saved yet, so there is nothing to search: run `spacer explore` first\(otherCacheHint).")
      } else if hits.isEmpty {
        Console.note("none of the \(savedCount) saved days matches “\(query)”.")
      } else if hits.count > limit {
        Console.note("showing \(limit) of \(hits.count) matching days (--limit to see more).")
      }
      let shown = hits.prefix(limit)
      if options.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // An empty array prints as `[]` (the pretty printer would spread it over three lines).
        let data = shown.isEmpty ? Data("[]".utf8) : try encoder.encode(shown.map(SearchRecord.init))
        try Console.out(String(decoding: data, as: UTF8.self))
      } else {
        for hit in shown {
          let kind = hit.kind == .image ? "" : "  (\(hit.kind == .video ? "video" : "page"))"
          try Console.out("\(hit.day.iso)  \(hit.title)\(kind)")
        }
      }
    }
  }
}

extension SearchCommand {
  /// Where the other mode's saved days are, when that cache exists (`--demo` keeps its own).
  private var otherCacheHint: String {
    guard let other = options.otherModeCacheDirectory,
      FileManager.default.fileExists(atPath: other.path)
    else { return "" }
    return options.demo
      ? " (days saved without --demo are searched without it)"
      : " (days saved with --demo have their own cache: add --demo to search them)"
  }
}

/// One search result in `--json`.
struct SearchRecord: Encodable {
  let date: String
  let title: String
  /// `image`, `video` or `other` (how the day plays, `APODPlayback`).
  let kind: String
  /// How many of the query's words begin a word of the title.
  let titleMatches: Int

  init(_ hit: APODSearchIndex.Hit) {
    date = hit.day.iso
    title = hit.title
    kind =
      switch hit.kind {
      case .image: "image"
      case .video: "video"
      case .other: "other"
      }
    titleMatches = hit.titleMatches
  }
}

extension APODMediaFilter: ExpressibleByArgument {}
