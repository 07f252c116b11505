import Foundation

extension APODText {
  /// What the detail shows and search indexes: without the label and teaser (again: a day saved
  /// before that rule keeps its old text), the 1995–96 pages' header that v1 runs into the text
  /// ("Today's Picture: June 28, 1995 … Explanation: Three thousand…"), the old page footer and the
  /// "APOD in world languages:" list. The saved record keeps them.
  public static func explanationText(_ explanation: String) -> String {
    let text = Substring(withoutLabelAndTail(explanation))
    let kept = beforePageFooter(afterPageHeader(text))
    return kept.startIndex == text.startIndex && kept.endIndex == text.endIndex
      ? String(text) : TextScan.trimmed(String(kept))
  }

  /// The explanation's own words, for the system's translation: `explanationText` without credit
  /// lines ("Image Credit:" starting a line or a sentence; "Give credit:" is text).
  public static func explanationBody(_ explanation: String) -> String {
    let text = explanationText(explanation)
    var kept: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let body = beforeCredit(in: line)
      let isBlank = TextScan.trimmed(String(body)).isEmpty
      if isBlank {
        // A dropped credit line leaves no blank line of its own: one break between paragraphs.
        if body.count < line.count { continue }
        if kept.last.map({ TextScan.trimmed(String($0)).isEmpty }) ?? true { continue }
      }
      kept.append(body)
    }
    return TextScan.trimmed(kept.map { String(trimmingTrailingSpaces($0)) }.joined(separator: "\n"))
  }

  private static func afterPageHeader(_ text: Substring) -> Substring {
    // Foundation's search bridges through NSString on Linux: only text that has the label pays it.
    guard TextScan.contains("explanation:", in: text), let label = text.range(of: "Explanation:") else {
      return text
    }
    let header = text[..<label.lowerBound]
    guard header.count <= 400 else { return text }
    let isHeader =
      TextScan.hasPrefix("today's picture", in: header)
      || TextScan.hasPrefix("today\u{2019}s picture", in: header)
      || TextScan.contains("credit:", in: header) || TextScan.contains("copyright:", in: header)
    return isHeader ? text[label.upperBound...] : text
  }

  private static let footerMarkers = [
    "astronomy picture of the day is brought to you by", "original material on this page is copyrighted",
    "apod in world languages:",
  ]
  private static let archiveSentence = "we keep an archive"

  private static func beforePageFooter(_ text: Substring) -> Substring {
    let starts = footerMarkers.compactMap { TextScan.range(of: $0, in: text)?.lowerBound }
    guard let footer = starts.min() else { return text }
    var body = text[..<footer]
    if let archive = TextScan.range(of: archiveSentence, in: body, backwards: true),
      body.distance(from: archive.lowerBound, to: body.endIndex) <= 120
    {
      body = body[..<archive.lowerBound]
    }
    return body
  }

  private static let creditQualifiers: Set<String> = [
    "image", "images", "picture", "pictures", "photo", "photos", "video", "videos", "animation",
    "illustration", "art", "artwork", "composite", "drawing", "map", "chart", "diagram", "figure", "music",
    "text", "data", "processing",
  ]
  private static let creditWords: Set<String> = ["credit", "credits", "copyright", "copyrights"]
  private static let creditJoiners: Set<String> = ["&", "and"]

  private static func beforeCredit(in line: Substring) -> Substring {
    var searchStart = line.startIndex
    while let colon = line[searchStart...].firstIndex(of: ":") {
      if let label = creditLabelStart(in: line, endingAt: colon) { return line[..<label] }
      searchStart = line.index(after: colon)
    }
    return line
  }

  private static func creditLabelStart(
    in line: Substring, endingAt colon: Substring.Index
  ) -> Substring.Index? {
    // The up-to-four words before the colon, nearest last, with where each starts.
    var words: [(text: String, start: Substring.Index)] = []
    var end = colon
    while words.count < 4 {
      var cursor = end
      while cursor > line.startIndex, line[line.index(before: cursor)] == " " {
        cursor = line.index(before: cursor)
      }
      let wordEnd = cursor
      while cursor > line.startIndex, line[line.index(before: cursor)] != " " {
        cursor = line.index(before: cursor)
      }
      guard cursor < wordEnd else { break }
      words.insert((line[cursor..<wordEnd].lowercased(), cursor), at: 0)
      end = cursor
      if words.count == 1, wordEnd != colon { return nil }  // "Credit :" is not a label
    }
    guard let last = words.last, creditWords.contains(last.text) else { return nil }
    // The longest run of label words before the colon that starts the line or a sentence.
    for first in words.indices {
      let start = words[first].start
      if isCreditLabel(words[first...].map(\.text)), startsSentence(in: line, at: start) { return start }
    }
    return nil
  }

  private static func isCreditLabel(_ words: [String]) -> Bool {
    guard let first = words.first else { return false }
    var rest = words[...]
    if creditQualifiers.contains(first) { rest = rest.dropFirst() }
    guard let head = rest.first, creditWords.contains(head) else { return false }
    rest = rest.dropFirst()
    while !rest.isEmpty {
      guard rest.count >= 2, creditJoiners.contains(rest[rest.startIndex]),
        creditWords.contains(rest[rest.startIndex + 1])
      else { return false }
      rest = rest.dropFirst(2)
    }
    return true
  }

  private static func startsSentence(in line: Substring, at index: Substring.Index) -> Bool {
    var cursor = index
    var sawSpace = false
    while cursor > line.startIndex {
      let previous = line[line.index(before: cursor)]
      if previous == " " || previous == "\t" {
        sawSpace = true
        cursor = line.index(before: cursor)
        continue
      }
      return sawSpace && ".!?)\u{201D}\"".contains(previous)
    }
    return true
  }

  private static func trimmingTrailingSpaces(_ line: Substring) -> Substring {
    var end = line.endIndex
    while end > line.startIndex, line[line.index(before: end)] == " " || line[line.index(before: end)] == "\t"
    {
      end = line.index(before: end)
    }
    return line[..<end]
  }
}
