import Foundation

/// Info.plist values from build settings, read with one rule by the app, the widget and the SDK session.
public enum BuildSetting {
  /// `$(NAME)` stays literally in Info.plist when the setting is undefined, and `key-$(SUFFIX)` is as
  /// unusable as `$(KEY)`.
  public static func value(_ raw: (any Sendable)?) -> String? {
    guard let text = (raw as? String)?.trimmingCharacters(in: .whitespacesAndNewlines),
      !text.isEmpty, !text.contains("$(")
    else { return nil }
    return text
  }
}
