import Notifications
import Testing

actor TapRecorder {
  private(set) var taps: [String] = []
  func record(_ identifier: String) { taps.append(identifier) }
}

@Suite("Notification taps reach the app even before it is ready")
struct NotificationTapInboxTests {
  @Test func aTapThatLaunchedTheAppWaitsForTheModelThenArrivesOnce() async {
    let inbox = NotificationTapInbox()
    let recorder = TapRecorder()
    await inbox.received("spacer.reminder.daily-apod")
    #expect(await inbox.waitingCount == 1)

    await inbox.attach { await recorder.record($0) }

    #expect(await recorder.taps == ["spacer.reminder.daily-apod"])
    #expect(await inbox.waitingCount == 0)
  }

  @Test func tapsAfterTheModelIsReadyGoStraightThroughInOrder() async {
    let inbox = NotificationTapInbox()
    let recorder = TapRecorder()
    await inbox.attach { await recorder.record($0) }

    await inbox.received("a")
    await inbox.received("b")

    #expect(await recorder.taps == ["a", "b"])
  }
}
