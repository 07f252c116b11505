import NASA
import TextCleaning

/// The "Translate" action on a day's explanation: whether the detail offers it, and the text it
/// hands to the system's translation.
///
/// APOD explanations are written in English. The action is offered when the reader's language is
/// another one, decided from the user's preferred languages (`Locale.preferredLanguages` on iOS,
/// the list the system orders in Settings), not from the language the app runs in: Spacer ships
/// English and French only, so a German or Japanese reader runs it in English, and the app's
/// language would hide Translate from the readers who need it most. The first entry that names a
/// language decides ("fr-CA" → French, "zh-Hans" → Chinese, "en-GB" → English); entries that name
/// none ("", "und", "mul", a private "x-…" tag) are skipped, and with no language known nothing is
/// offered: there is no reason to think the reader does not read English.
///
/// The text is the explanation's own words (`APODText.explanationBody`): no credit line, no old
/// page's header or footer, no "Explanation:" label. A day with no such words offers nothing.
public struct ExplanationTranslation: Sendable, Hashable {
  /// What the system's translation receives.
  public let text: String

  /// The offer for `apod`'s explanation to a reader with `preferredLanguages` (most preferred
  /// first), or nil when the detail shows no Translate action.
  public init?(_ apod: APOD, preferredLanguages: [String]) {
    self.init(explanation: apod.explanation, preferredLanguages: preferredLanguages)
  }

  /// The offer for an explanation as `APOD.explanation` holds it.
  public init?(explanation: String, preferredLanguages: [String]) {
    guard let language = Self.readerLanguage(preferredLanguages), language != Self.explanationLanguage else {
      return nil
    }
    let body = APODText.explanationBody(explanation)
    guard !body.isEmpty else { return nil }
    text = body
  }

  /// The language every APOD explanation is written in (ISO 639 code).
  public static let explanationLanguage = "en"

  /// The reader's language: the lowercased ISO 639 code of the first entry of
  /// `preferredLanguages` that names one ("fr-CA" → "fr", "EN_us" → "en"), or nil when none does.
  public static func readerLanguage(_ preferredLanguages: [String]) -> String? {
    preferredLanguages.lazy.compactMap(languageCode(of:)).first
  }

  /// Codes that name no language (BCP 47: undetermined, multiple, no linguistic content,
  /// uncoded).
  private static let notALanguage: Set<String> = ["und", "mul", "zxx", "mis"]

  /// The primary language subtag of a BCP 47 or POSIX identifier, when it is a 2- or 3-letter
  /// ISO 639 code.
  static func languageCode(of identifier: String) -> String? {
    let primary = identifier.drop { $0 == " " }.prefix { $0 != "-" && $0 != "_" && $0 != "@" && $0 != "." }
    guard (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return nil
    }
    let code = primary.lowercased()
    return notALanguage.contains(code) ? nil : code
  }
}
