import Foundation

extension APODText {
  /// The explanation's own words, as handed to another reader (the system's translation): a
  /// cleaned explanation without what the APOD page wraps around it.
  ///
  /// - The "Explanation:" label and the "Tomorrow's picture:" teaser (`withoutLabelAndTail`, again:
  ///   a day saved before that rule keeps its old text).
  /// - The 1995–96 pages' header that v1 runs into the text: "Today's Picture: June 28, 1995 The
  ///   Cat's Eye Nebula Picture Credit: NASA, Hubble Space Telescope Explanation: Three thousand…"
  ///   keeps "Three thousand…". Only a header that starts "Today's Picture" or holds a credit label,
  ///   at most 400 characters long, is cut; an "Explanation:" further in is the author's word.
  /// - The page footer those days carry: "We keep an archive file. Astronomy Picture of the Day is
  ///   brought to you by … Original material on this page is copyrighted to …".
  /// - The page's list of translations some days carry at the end ("APOD in world languages: Arabic,
  ///   Bulgarian, …"): links to other sites, not the author's words, and nothing to translate.
  /// - Credit lines: a line that starts with a credit label ("Credit:", "Image Credit:", "Image
  ///   Credit & Copyright:", "Copyright:", "Video Credits:"…) is dropped, and a label that starts
  ///   a sentence ("… of evolution. Image Credit: NASA") ends its line there. "Credit" without a
  ///   colon, or after another word ("Give credit:"), is text.
  ///
  /// Paragraph breaks stay; a blank line left by a dropped line is not doubled. The result is
  /// empty when nothing but labels and credits was there.
  public static func explanationBody(_ explanation: String) -> String {
    var text = Substring(withoutLabelAndTail(explanation))
    text = afterPageHeader(text)
    text = beforePageFooter(text)
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

  /// The words after an old page's header and its "Explanation:" label; `text` when there is none.
  private static func afterPageHeader(_ text: Substring) -> Substring {
    guard let label = text.range(of: "Explanation:") else { return text }
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

  /// The text before a page footer (an old page's credit and copyright, and the archive sentence
  /// just before them; a recent page's list of translations); `text` when there is none.
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

  /// Words a credit label may open with ("Image Credit:", "Image Credit & Copyright:").
  private static let creditQualifiers: Set<String> = [
    "image", "images", "picture", "pictures", "photo", "photos", "video", "videos", "animation",
    "illustration", "art", "artwork", "composite", "drawing", "map", "chart", "diagram", "figure", "music",
    "text", "data", "processing",
  ]
  private static let creditWords: Set<String> = ["credit", "credits", "copyright", "copyrights"]
  private static let creditJoiners: Set<String> = ["&", "and"]

  /// `line` up to the first credit label that starts it or starts one of its sentences.
  private static func beforeCredit(in line: Substring) -> Substring {
    var searchStart = line.startIndex
    while let colon = line[searchStart...].firstIndex(of: ":") {
      if let label = creditLabelStart(in: line, endingAt: colon) { return line[..<label] }
      searchStart = line.index(after: colon)
    }
    return line
  }

  /// Where a credit label ending at `colon` starts, if the words before the colon are one
  /// ("Credit", "Picture Credit", "Image Credit & Copyright") and they start the line or a
  /// sentence.
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

  /// "credit", "image credit", "image credit & copyright", "credit and copyright", "copyright".
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

  /// Whether `index` is the line's first character or the first after a sentence's end and a space.
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
