import Foundation
import Localization
import TextCleaning

extension APOD {
  public var accessibilityDescription: String {
    Self.accessibilityDescription(alt: alt, title: title, date: date)
  }

  /// Anything that stores a day's alt text (a favorite) uses the same rule, so every picture of a day
  /// reads the same to VoiceOver.
  public static func accessibilityDescription(alt: String?, title: String, date: APODDay) -> String {
    if let alt = words(alt) { return alt }
    return words(title) ?? Localized.text("Astronomy Picture of the Day, %@", date.iso)
  }

  public func accessibilitySummary(locale: Locale) -> String {
    let name = Self.words(title) ?? Localized.text("Astronomy Picture of the Day")
    return Localized.text("%@, %@", name, date.displayText(locale: locale))
  }

  /// What the detail shows and search indexes; `explanation` keeps the page's header and footer.
  public var explanationText: String { APODText.explanationText(explanation) }

  public var creditLine: String? {
    let attribution = creditAttribution
    return attribution.isPublicDomain ? nil : attribution.text
  }

  /// v1 sends only `copyright`, and only for copyrighted pictures: "© Name". apod-basic fills
  /// `copyright` even for public-domain NASA pictures, so it is no proof of copyright: "Credit: …"
  /// (both kept when they differ). Neither field: "Public domain (NASA)"; a credit given is always shown.
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

  private static func words(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
      return nil
    }
    return trimmed
  }
}

public struct CreditAttribution: Sendable, Hashable {
  public var runs: [CreditRun]
  public var isPublicDomain: Bool

  public init(runs: [CreditRun], isPublicDomain: Bool = false) {
    self.runs = runs
    self.isPublicDomain = isPublicDomain
  }

  public var text: String { runs.map(\.text).joined() }

  public var links: [CreditRun] { CreditText.links(in: runs) }

  /// A translation may move the parts; the words around them stay unlinked.
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

struct CreditPart {
  var words: String
  var runs: [CreditRun]?

  /// A run list that disagrees with the field would show text the field does not have.
  var lineRuns: [CreditRun] {
    if let runs, !runs.isEmpty, runs.map(\.text).joined() == words { return runs }
    return [CreditRun(text: words)]
  }

  /// Private-use characters no feed text keeps in a credit line's format.
  static let slotOpen: Character = "\u{E000}"
  static let slotClose: Character = "\u{E001}"

  static func slot(_ index: Int) -> String { "\(slotOpen)\(index)\(slotClose)" }
}
