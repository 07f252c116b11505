/// Info.plist values from build settings, read with one rule by the app, the widget and the SDK session.
public enum BuildSetting {
  /// `$(NAME)` stays literally in Info.plist when the setting is undefined, and `key-$(SUFFIX)` is as
  /// unusable as `$(KEY)`. Scanned in Swift: Foundation's trimming and `contains` go through NSString
  /// on Linux, which was a tenth of a launch's setup.
  public static func value(_ raw: (any Sendable)?) -> String? {
    guard let raw = raw as? String else { return nil }
    let scalars = raw.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return nil }
    let text = String(scalars[first...last])
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if previous == UInt8(ascii: "$"), byte == UInt8(ascii: "(") { return nil }
      previous = byte
    }
    return text
  }
}
