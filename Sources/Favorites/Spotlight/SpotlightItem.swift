import Foundation
import NASA
import WidgetCore

/// One favorite as Spotlight indexes it (Core Spotlight's searchable item, in Core's words).
///
/// Rules:
/// - The identifier is the day's `spacer://day/YYYY-MM-DD` link, so a tap on the result carries
///   the link the app already routes (`DeepLink`), and one day is one item.
/// - Every item is in the `favorites` domain, so they can all be removed at once.
/// - Title, the day, the credit (when the feed names one), the explanation's first sentence (when
///   the APOD cache has the day), and a thumbnail file from the image disk tier (only when the
///   picture is already there: indexing never downloads).
public struct SpotlightItem: Sendable, Hashable {
  /// The domain every favorite's item is in.
  public static let favoritesDomain = "favorites"

  public let identifier: String
  public let domain: String
  public let day: APODDay
  public let title: String
  public let credit: String?
  /// The first sentence of the explanation.
  public let summary: String?
  /// A local file in the image disk tier.
  public let thumbnailFile: URL?

  public init(
    day: APODDay, title: String, credit: String?, summary: String?, thumbnailFile: URL?,
    domain: String = SpotlightItem.favoritesDomain
  ) {
    self.identifier = Self.identifier(for: day)
    self.domain = domain
    self.day = day
    self.title = title
    self.credit = credit
    self.summary = summary
    self.thumbnailFile = thumbnailFile
  }

  /// What the result shows under the title: the first sentence, then the credit, each on its
  /// own line when there is one.
  public var resultText: String? {
    let lines = [summary, credit].compactMap { $0 }.filter { !$0.isEmpty }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// The identifier of `day`'s item: its `spacer://day/…` link.
  public static func identifier(for day: APODDay) -> String { SpacerLink.day(day).absoluteString }

  /// The link a tapped result opens: the day's link when `identifier` is one of these items', nil
  /// for anything else (an identifier from another version, a damaged one).
  public static func link(forIdentifier identifier: String) -> URL? {
    let prefix = "\(SpacerLink.scheme)://day/"
    guard identifier.hasPrefix(prefix),
      let day = APODDay(rawValue: String(identifier.dropFirst(prefix.count)))
    else { return nil }
    return SpacerLink.day(day)
  }

  /// The first sentence of `explanation`: up to the first `.`, `!` or `?` followed by a space and
  /// a capital letter or a digit, skipping initials and common abbreviations ("M. 31", "Dr.",
  /// "e.g.", "U.S."); the whole text when it has one sentence; cut at a word within
  /// `summaryLimit` characters with "…" when the sentence is longer. Nil for an empty text.
  public static func firstSentence(of explanation: String) -> String? {
    let text = explanation.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !text.isEmpty else { return nil }
    let characters = Array(text)
    var end = characters.count
    var index = 0
    while index < characters.count - 2 {
      let mark = characters[index]
      if ".!?".contains(mark), characters[index + 1] == " ",
        characters[index + 2].isUppercase || characters[index + 2].isNumber,
        mark != "." || !endsWithAbbreviation(characters[..<index])
      {
        end = index + 1
        break
      }
      index += 1
    }
    let sentence = String(characters[..<end])
    guard sentence.count > summaryLimit else { return sentence }
    let head = String(sentence.prefix(summaryLimit))
    let cut = head.lastIndex(of: " ").map { String(head[..<$0]) } ?? head
    return cut.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
  }

  /// The longest summary Spotlight is given.
  public static let summaryLimit = 300

  /// Words that end with a period without ending a sentence.
  private static let abbreviations: Set<String> = [
    "dr", "mr", "mrs", "ms", "st", "mt", "vs", "etc", "e.g", "i.e", "u.s", "approx", "no", "fig", "jr", "sr",
  ]

  private static func endsWithAbbreviation(_ before: ArraySlice<Character>) -> Bool {
    let word = String(before.reversed().prefix { $0 != " " && $0 != "(" }.reversed())
    if word.count == 1, word.first?.isLetter == true { return true }  // an initial: "M. 31"
    return abbreviations.contains(word.lowercased())
  }
}

/// The system's search index, as the Spotlight indexer needs it: Core Spotlight's default index
/// in the app, a recording double in tests.
public protocol SpotlightIndexing: Sendable {
  /// Adds or replaces `items` (an item with an identifier already indexed replaces it).
  func index(_ items: [SpotlightItem]) async throws
  /// Removes the items with these identifiers.
  func delete(identifiers: [String]) async throws
  /// Removes every item of `domain`.
  func deleteAll(domain: String) async throws
}
