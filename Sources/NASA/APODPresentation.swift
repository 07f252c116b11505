import Foundation
import Localization

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

  /// The credit line under the title, or nil when there is nothing to credit.
  ///
  /// The two services fill the fields differently:
  /// - v1 sends only `copyright`, and only for copyrighted pictures (absent ≈ public domain /
  ///   NASA): "© Name".
  /// - apod-basic sends `credit` and `copyright`, usually identical, and fills `copyright` even
  ///   for public-domain NASA pictures ("NASA, CSA, ESA, …"), so it is no proof of copyright:
  ///   "Credit: …" from `credit` (or `copyright` when `credit` is missing). When the two differ,
  ///   both are kept: "Credit: … · © …".
  public var creditLine: String? {
    let credit = Self.words(credit)
    let copyright = Self.words(copyright)
    switch source {
    case .v1:
      if let copyright { return Localized.text("© %@", copyright) }
      return credit.map { Localized.text("Credit: %@", $0) }
    case .apodBasic:
      switch (credit, copyright) {
      case (let credit?, let copyright?)
      where credit.caseInsensitiveCompare(copyright) != .orderedSame:
        return Localized.text("Credit: %@ · © %@", credit, copyright)
      case (let credit?, _):
        return Localized.text("Credit: %@", credit)
      case (nil, let copyright?):
        return Localized.text("Credit: %@", copyright)
      case (nil, nil):
        return nil
      }
    }
  }

  /// The text trimmed, or nil when nothing but whitespace is left.
  private static func words(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
      return nil
    }
    return trimmed
  }
}
