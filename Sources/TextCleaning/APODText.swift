import Foundation

/// Cleaning rules for APOD text fields: both services may send HTML entities, tags and stray
/// whitespace, which people must never see.
public enum APODText {
  /// The v1 scraper sometimes runs the credit line into the title ("Journey … \r\nCredit:"); v1 is fed
  /// by apod-basic, so its titles can carry markup too.
  public static func v1Title(_ raw: String) -> String {
    var title = raw
    if TextScan.containsByte(in: title, where: { $0 == UInt8(ascii: "\n") }),
      let credit = TextScan.range(of: "\nCredit:", in: title[...])
    {
      title = String(title[..<credit.lowerBound])
    }
    return mayBeMarkup(title) ? htmlLine(title) : HTMLText.collapsed(title)
  }

  private static func mayBeMarkup(_ text: String) -> Bool {
    TextScan.containsByte(in: text) { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
  }

  public static func htmlLine(_ raw: String) -> String {
    HTMLText.collapsed(HTMLText.plainText(fromHTML: raw))
  }

  /// A blank line between paragraphs stays a break. v1 is fed by apod-basic, so text that is clearly
  /// markup is converted like apod-basic's.
  public static func v1Explanation(_ raw: String) -> String {
    let looksLikeHTML =
      TextScan.containsByte(in: raw) { $0 == UInt8(ascii: "<") }
      && (TextScan.contains("</", in: raw) || TextScan.contains("<br", in: raw)
        || TextScan.contains("<p>", in: raw))
    return withoutLabelAndTail(
      looksLikeHTML ? HTMLText.plainText(fromHTML: raw) : HTMLText.collapsed(raw, keepingParagraphs: true))
  }

  /// Without the "Explanation:" label and the "Tomorrow's picture:" teaser that ends the APOD page.
  public static func htmlExplanation(_ raw: String) -> String {
    withoutLabelAndTail(HTMLText.plainText(fromHTML: raw))
  }

  /// v1 is fed by apod-basic, so a credit may carry its markup (`<a href=…>`, `<em>`, `&amp;`).
  public static func v1Copyright(_ raw: String?) -> String? {
    raw.map { mayBeMarkup($0) ? htmlLine($0) : HTMLText.collapsed($0) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// What VoiceOver reads: one plain line, never cut and never taken for a credit.
  public static func alt(_ raw: String?) -> String? {
    guard let raw else { return nil }
    let text = mayBeMarkup(raw) ? htmlLine(raw) : HTMLText.collapsed(raw)
    return text.isEmpty ? nil : text
  }

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
