import Foundation
import NASA
import WidgetCore

/// The identifier is the day's `spacer://day/YYYY-MM-DD` link, so a tap on the result carries the
/// link the app already routes, and one day is one item. Indexing never downloads a thumbnail.
public struct SpotlightItem: Sendable, Hashable {
  public static let favoritesDomain = "favorites"

  public let identifier: String
  public let domain: String
  public let day: APODDay
  public let title: String
  public let credit: String?
  public let summary: String?
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

  public var resultText: String? {
    let lines = [summary, credit].compactMap { $0 }.filter { !$0.isEmpty }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  public static func identifier(for day: APODDay) -> String { SpacerLink.day(day).absoluteString }

  /// nil for an identifier from another version, or a damaged one.
  public static func link(forIdentifier identifier: String) -> URL? {
    let prefix = "\(SpacerLink.scheme)://day/"
    guard identifier.hasPrefix(prefix),
      let day = APODDay(rawValue: String(identifier.dropFirst(prefix.count)))
    else { return nil }
    return SpacerLink.day(day)
  }

  /// Skips initials and common abbreviations ("M. 31", "Dr.", "e.g.", "U.S.").
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

  public static let summaryLimit = 300

  private static let abbreviations: Set<String> = [
    "dr", "mr", "mrs", "ms", "st", "mt", "vs", "etc", "e.g", "i.e", "u.s", "approx", "no", "fig", "jr", "sr",
  ]

  private static func endsWithAbbreviation(_ before: ArraySlice<Character>) -> Bool {
    let word = String(before.reversed().prefix { $0 != " " && $0 != "(" }.reversed())
    if word.count == 1, word.first?.isLetter == true { return true }  // an initial: "M. 31"
    return abbreviations.contains(word.lowercased())
  }
}

public protocol SpotlightIndexing: Sendable {
  func index(_ items: [SpotlightItem]) async throws
  func delete(identifiers: [String]) async throws
  func deleteAll(domain: String) async throws
}
