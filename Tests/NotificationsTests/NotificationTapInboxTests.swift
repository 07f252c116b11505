import Foundation
import Notifications
import Testing

actor TapRecorder {
  private(set) var taps: [String] = []
  func record(_ tap: NotificationTap) { taps.append(tap.requestIdentifier) }
}

private func tap(_ identifier: String) -> NotificationTap {
  NotificationTap(requestIdentifier: identifier, deliveredAt: Date(timeIntervalSince1970: 1_772_355_600))
}

@Suite("Notification taps reach the app even before it is ready")
struct NotificationTapInboxTests {
  @Test func aTapThatLaunchedTheAppWaitsForTheModelThenArrivesOnce() async {
    let inbox = NotificationTapInbox()
    let recorder = TapRecorder()
    await inbox.received(tap("spacer.reminder.daily-apod"))
    #expect(await inbox.waitingCount == 1)

    await inbox.attach { await recorder.record($0) }

    #expect(await recorder.taps == ["spacer.reminder.daily-apod"])
    #expect(await inbox.waitingCount == 0)
  }

  @Test func tapsAfterTheModelIsReadyGoStraightThroughInOrder() async {
    let inbox = NotificationTapInbox()
    let recorder = TapRecorder()
    await inbox.attach { await recorder.record($0) }

    await inbox.received(tap("a"))
    await inbox.received(tap("b"))

    #expect(await recorder.taps == ["a", "b"])
  }
}
