import Foundation

/// Cleaning rules for APOD text fields: both services may send HTML entities, tags and stray
/// whitespace, which people must never see.
public enum APODText {
  /// v1 title: the scraper sometimes runs the credit line into it ("Journey … \r\nCredit:"),
  /// so a line starting with "Credit:" and everything after it is cut.
  /// Since v1 is fed by apod-basic, its titles can carry the same markup (`<i>`, `&amp;`): they
  /// are cleaned the same way.
  public static func v1Title(_ raw: String) -> String {
    var title = raw
    if TextScan.containsByte(in: title, where: { $0 == UInt8(ascii: "\n") }),
      let credit = TextScan.range(of: "\nCredit:", in: title[...])
    {
      title = String(title[..<credit.lowerBound])
    }
    return mayBeMarkup(title) ? htmlLine(title) : HTMLText.collapsed(title)
  }

  /// Whether `text` may hold tags or entities worth decoding.
  private static func mayBeMarkup(_ text: String) -> Bool {
    TextScan.containsByte(in: text) { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
  }

  /// apod-basic title: entities decoded, any tags removed, one line.
  public static func htmlLine(_ raw: String) -> String {
    HTMLText.collapsed(HTMLText.plainText(fromHTML: raw))
  }

  /// v1 explanation: plain text; a blank line between paragraphs stays a paragraph break, other
  /// whitespace is collapsed. The post-migration v1 is fed by apod-basic, so text that is
  /// clearly markup is converted like apod-basic's.
  public static func v1Explanation(_ raw: String) -> String {
    let looksLikeHTML =
      TextScan.containsByte(in: raw) { $0 == UInt8(ascii: "<") }
      && (TextScan.contains("</", in: raw) || TextScan.contains("<br", in: raw)
        || TextScan.contains("<p>", in: raw))
    return withoutLabelAndTail(
      looksLikeHTML ? HTMLText.plainText(fromHTML: raw) : HTMLText.collapsed(raw, keepingParagraphs: true))
  }

  /// apod-basic explanation: HTML to plain text, without the "Explanation:" label and the
  /// "Tomorrow's picture:" teaser that ends the APOD page.
  public static func htmlExplanation(_ raw: String) -> String {
    withoutLabelAndTail(HTMLText.plainText(fromHTML: raw))
  }

  /// v1 copyright: trimmed, whitespace (often newlines) collapsed, control characters and U+FFFD
  /// dropped; nil when nothing is left. v1 is fed by apod-basic, so a credit carrying its markup
  /// (`<a href=…>Name</a>`, `<em>Processing</em>`, `&amp;`) is made plain like apod-basic's.
  public static func v1Copyright(_ raw: String?) -> String? {
    raw.map { mayBeMarkup($0) ? htmlLine($0) : HTMLText.collapsed($0) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Accessibility text of the image, from either service: what VoiceOver reads, so one plain
  /// line. Entities are decoded and tags dropped (apod-basic's fields are HTML, and v1 is fed by
  /// it), whitespace collapsed, control characters dropped; nil when nothing is left. Unlike a
  /// credit it is a description, not a name list: it is never cut and never taken for a credit.
  public static func alt(_ raw: String?) -> String? {
    guard let raw else { return nil }
    let text = mayBeMarkup(raw) ? htmlLine(raw) : HTMLText.collapsed(raw)
    return text.isEmpty ? nil : text
  }

  /// apod-basic credit or copyright (HTML with links and `<em>`): one clean line, or nil.
  public static func htmlCredit(_ raw: String?) -> String? {
    raw.map(htmlLine).flatMap { $0.isEmpty ? nil : $0 }
  }

  private static let label = "explanation:"
  private static let tails = ["tomorrow's picture:", "tomorrow\u{2019}s picture:", "tomorrow`s picture:"]

  static func withoutLabelAndTail(_ text: String) -> String {
    var result = Substring(text)
    if TextScan.hasPrefix(label, in: result) {
      result = result.dropFirst(label.count)
    }
    // Every tail starts "tomorrow": only text that has it is searched further.
    if TextScan.contains("tomorrow", in: result) {
      let tailStart = tails.compactMap { TextScan.range(of: $0, in: result, backwards: true)?.lowerBound }
        .max()
      if let tailStart { result = result[..<tailStart] }
    }
    // Text with neither label nor tail is returned as it is when there is nothing to trim.
    return result.endIndex == text.endIndex && result.startIndex == text.startIndex
      ? TextScan.trimmed(text) : TextScan.trimmed(String(result))
  }
}
