import NASA
import TextCleaning

/// APOD explanations are English. Translate is offered when the reader's first preferred language
/// (`Locale.preferredLanguages`) is another one, not the app's: Spacer ships English and French only,
/// so a German reader runs it in English, and the app's language would hide Translate from the
/// readers who need it most. With no language known nothing is offered.
public struct ExplanationTranslation: Sendable, Hashable {
  public let text: String

  public init?(_ apod: APOD, preferredLanguages: [String]) {
    self.init(explanation: apod.explanation, preferredLanguages: preferredLanguages)
  }

  public init?(explanation: String, preferredLanguages: [String]) {
    guard let language = Self.readerLanguage(preferredLanguages), language != Self.explanationLanguage else {
      return nil
    }
    let body = APODText.explanationBody(explanation)
    guard !body.isEmpty else { return nil }
    text = body
  }

  public static let explanationLanguage = "en"

  public static func readerLanguage(_ preferredLanguages: [String]) -> String? {
    preferredLanguages.lazy.compactMap(languageCode(of:)).first
  }

  /// Codes that name no language (BCP 47: undetermined, multiple, no linguistic content,
  /// uncoded).
  private static let notALanguage: Set<String> = ["und", "mul", "zxx", "mis"]

  static func languageCode(of identifier: String) -> String? {
    let primary = identifier.drop { $0 == " " }.prefix { $0 != "-" && $0 != "_" && $0 != "@" && $0 != "." }
    guard (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return nil
    }
    let code = primary.lowercased()
    return notALanguage.contains(code) ? nil : code
  }
}
