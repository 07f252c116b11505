import Foundation

/// Values the build writes into Info.plist from build settings (`$(NASA_API_KEY)`,
/// `$(PURCHASELY_API_KEY)`, `$(SPACER_APP_GROUP)`…), read with one rule by the app, the widget and
/// the SDK session alike.
public enum BuildSetting {
  /// `raw` trimmed, or nil when it is not a string, is blank, or still holds a build setting
  /// reference anywhere (`$(NAME)` stays literally in Info.plist when the setting is not defined,
  /// and `key-$(SUFFIX)` is as unusable as `$(KEY)`).
  public static func value(_ raw: (any Sendable)?) -> String? {
    guard let text = (raw as? String)?.trimmingCharacters(in: .whitespacesAndNewlines),
      !text.isEmpty, !text.contains("$(")
    else { return nil }
    return text
  }
}
