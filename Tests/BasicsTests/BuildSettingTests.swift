import Basics
import Testing

/// One rule for an Info.plist value fed by a build setting: the app's configuration, the widget's
/// `SharedConfiguration` and the Purchasely session all read through `BuildSetting.value`.
@Suite("Build settings in Info.plist")
struct BuildSettingTests {
  @Test(arguments: [
    ("DEMO_KEY", "DEMO_KEY"),
    ("  key-123\n", "key-123"),
    ("\u{00A0}group.example\u{2003}\r\n", "group.example"),
  ])
  func aSetValueIsReadTrimmed(raw: String, expected: String) {
    #expect(BuildSetting.value(raw) == expected)
  }

  /// An undefined setting stays literally in Info.plist; one left anywhere in the value (not only
  /// at its start) makes it as unusable as a missing one.
  @Test(arguments: [
    "$(PURCHASELY_API_KEY)", "  $(NASA_API_KEY)", "key-$(SUFFIX)", "group.$(SPACER_APP_GROUP)",
  ])
  func anUnexpandedSettingAnywhereIsNoValue(raw: String) {
    #expect(BuildSetting.value(raw) == nil)
  }

  @Test func blankOrNotAStringIsNoValue() {
    #expect(BuildSetting.value("") == nil)
    #expect(BuildSetting.value(" \n\t") == nil)
    #expect(BuildSetting.value(nil) == nil)
    #expect(BuildSetting.value(42) == nil)
  }
}
