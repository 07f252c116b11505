import Foundation
import Notifications
import Testing

@Suite("Reminder time in a time picker")
struct ReminderPickerTimeTests {
  @Test(arguments: ["America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Chatham", "UTC"])
  func everyMinuteOfTheDayRoundTripsThroughThePicker(_ zone: String) throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    for hour in 0..<24 {
      for minute in 0..<60 {
        let settings = ReminderSettings(isEnabled: true, hour: hour, minute: minute)
        let time = ReminderSettings.timeOfDay(from: settings.pickerDate(in: calendar), in: calendar)
        #expect(time.hour == hour && time.minute == minute, "\(zone) \(hour):\(minute)")
      }
    }
  }

  @Test func thePickerShowsTheSameWallClockTimeAfterATimeZoneChange() throws {
    let settings = ReminderSettings(isEnabled: true, hour: 7, minute: 30)
    var tokyo = Calendar(identifier: .gregorian)
    tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
    var paris = Calendar(identifier: .gregorian)
    paris.timeZone = try #require(TimeZone(identifier: "Europe/Paris"))

    let inTokyo = ReminderSettings.timeOfDay(from: settings.pickerDate(in: tokyo), in: tokyo)
    let inParis = ReminderSettings.timeOfDay(from: settings.pickerDate(in: paris), in: paris)
    #expect(inTokyo.hour == 7 && inTokyo.minute == 30)
    #expect(inParis.hour == 7 && inParis.minute == 30)
  }
}
