import Foundation
import Localization
import TextCleaning

extension APOD {
  /// What VoiceOver reads for the picture: the service's `alt` text when it has any words, else
  /// the title, else "Astronomy Picture of the Day" with the date (a day with neither).
  public var accessibilityDescription: String {
    Self.accessibilityDescription(alt: alt, title: title, date: date)
  }

  /// The same rule for anything that stores a day's alt text, title and date (a favorite), so
  /// every picture of a day reads the same to VoiceOver.
  public static func accessibilityDescription(alt: String?, title: String, date: APODDay) -> String {
    if let alt = words(alt) { return alt }
    return words(title) ?? Localized.text("Astronomy Picture of the Day, %@", date.iso)
  }

  /// What VoiceOver reads for the day in a list or grid: the title (or the generic name when it
  /// is empty) and the date in `locale`'s words ("Webb's View of M64, September 16, 2026").
  public func accessibilitySummary(locale: Locale) -> String {
    let name = Self.words(title) ?? Localized.text("Astronomy Picture of the Day")
    return Localized.text("%@, %@", name, date.displayText(locale: locale))
  }

  /// The credit line under the title, or nil when the feed credits nobody (see
  /// `creditAttribution`, which says "Public domain (NASA)" then).
  public var creditLine: String? {
    let attribution = creditAttribution
    return attribution.isPublicDomain ? nil : attribution.text
  }

  /// "Credit & Copyright": the credit line as runs, the names linked where the feed linked them.
  ///
  /// The two services fill the fields differently:
  /// - v1 sends only `copyright`, and only for copyrighted pictures (absent ≈ public domain /
  ///   NASA): "© Name".
  /// - apod-basic sends `credit` and `copyright`, usually identical, and fills `copyright` even
  ///   for public-domain NASA pictures ("NASA, CSA, ESA, …"), so it is no proof of copyright:
  ///   "Credit: …" from `credit` (or `copyright` when `credit` is missing). When the two differ,
  ///   both are kept: "Credit: … · © …".
  /// - When the feed says nothing in either field (absent, empty or blank): "Public domain
  ///   (NASA)". Never otherwise: a credit the feed gave is always shown.
  /// A field saved before links were kept (no runs) is one unlinked run of its plain text.
  public var creditAttribution: CreditAttribution {
    let credit = Self.words(credit).map { CreditPart(words: $0, runs: creditRuns) }
    let copyright = Self.words(copyright).map { CreditPart(words: $0, runs: copyrightRuns) }
    switch source {
    case .v1:
      if let copyright { return .line(Localized.text("© %@", CreditPart.slot(0)), [copyright]) }
      if let credit { return .line(Localized.text("Credit: %@", CreditPart.slot(0)), [credit]) }
    case .apodBasic:
      switch (credit, copyright) {
      case (let credit?, let copyright?)
      where credit.words.caseInsensitiveCompare(copyright.words) != .orderedSame:
        return .line(
          Localized.text("Credit: %@ · © %@", CreditPart.slot(0), CreditPart.slot(1)), [credit, copyright])
      case (let credit?, _):
        return .line(Localized.text("Credit: %@", CreditPart.slot(0)), [credit])
      case (nil, let copyright?):
        return .line(Localized.text("Credit: %@", CreditPart.slot(0)), [copyright])
      case (nil, nil):
        break
      }
    }
    return CreditAttribution(
      runs: [CreditRun(text: Localized.text("Public domain (NASA)"))], isPublicDomain: true)
  }

  /// The text trimmed, or nil when nothing but whitespace is left.
  private static func words(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
      return nil
    }
    return trimmed
  }
}

/// A day's "Credit & Copyright", ready to draw: runs of text, some linked.
public struct CreditAttribution: Sendable, Hashable {
  public var runs: [CreditRun]
  /// The feed credited nobody: the line says "Public domain (NASA)".
  public var isPublicDomain: Bool

  public init(runs: [CreditRun], isPublicDomain: Bool = false) {
    self.runs = runs
    self.isPublicDomain = isPublicDomain
  }

  /// The line as plain text.
  public var text: String { runs.map(\.text).joined() }

  /// Each linked page once, in reading order, with the words that link to it.
  public var links: [CreditRun] { CreditText.links(in: runs) }

  /// The localized `format` (its arguments already replaced by `CreditPart.slot(i)`) with each
  /// slot replaced by that part's runs: a translation may move the parts, and the words around
  /// them stay unlinked.
  static func line(_ format: String, _ parts: [CreditPart]) -> CreditAttribution {
    var runs: [CreditRun] = []
    var rest = Substring(format)
    func addPlain(_ text: Substring) {
      guard !text.isEmpty else { return }
      if let last = runs.last, last.link == nil, !last.isEmphasized {
        runs[runs.count - 1].text += text
      } else {
        runs.append(CreditRun(text: String(text)))
      }
    }
    while let open = rest.firstIndex(of: CreditPart.slotOpen),
      let close = rest[open...].firstIndex(of: CreditPart.slotClose),
      let index = Int(rest[rest.index(after: open)..<close]), parts.indices.contains(index)
    {
      addPlain(rest[..<open])
      for run in parts[index].lineRuns {
        if run.link == nil, !run.isEmphasized { addPlain(Substring(run.text)) } else { runs.append(run) }
      }
      rest = rest[rest.index(after: close)...]
    }
    addPlain(rest)
    return CreditAttribution(runs: runs)
  }
}

/// One credited field: its plain words and, when the feed linked them, its runs.
struct CreditPart {
  var words: String
  var runs: [CreditRun]?

  /// The runs to draw: the kept runs when they say the same words, else the plain words. (A
  /// run list that disagrees with the field would show text the field does not have.)
  var lineRuns: [CreditRun] {
    if let runs, !runs.isEmpty, runs.map(\.text).joined() == words { return runs }
    return [CreditRun(text: words)]
  }

  /// Private-use characters no feed text keeps in a credit line's format.
  static let slotOpen: Character = "\u{E000}"
  static let slotClose: Character = "\u{E001}"

  static func slot(_ index: Int) -> String { "\(slotOpen)\(index)\(slotClose)" }
}
