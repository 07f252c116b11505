import APODTestSupport
import Foundation
import ImageCache
import ImageTestSupport
import NASA
import Sharing
import TestSupport
import Testing

/// "What is today's picture" (Siri): Get Astronomy Picture's day, told as a sentence with the title
/// and credit, and the picture the screens show for the snippet.
@Suite("Siri: what today's picture is")
struct TodaysAnswerTests {
  private let shortcut = AstronomyPictureTests()
  private let credit = "Credit: Spacer Sample Team"
  private let png = ImageFixtures.png(width: 4, height: 3)

  @Test func aPublishedPictureIsItsTitleCreditAndPreviewNeverHD() async throws {
    let now = try AstronomyPictureTests.afternoon(ofADayThat: false)
    try await shortcut.run(now: now, published: { APODDay.lastDays(3, endingOn: $0) }) {
      pictures, asked, repository, today in
      let answer = try await pictures.todaysAnswer(now: now)
      let apod = try await repository.apod(for: today).apod
      #expect(answer.day == today)
      #expect(answer.title == apod.title)
      #expect(answer.dialog == "Today's astronomy picture is “\(apod.title)”. \(credit)")
      #expect(asked.asked == [try #require(apod.imageURL)])
      #expect(apod.imageURL != apod.hdImageURL)
      #expect(answer.picture?.data == png)
    }
  }

  @Test func beforePublicationItSaysSoAndNamesTheNewestDay() async throws {
    let now = try AstronomyPictureTests.afternoon(ofADayThat: false, previousIsVideo: false)
    try await shortcut.run(now: now, published: { APODDay.lastDays(3, endingOn: $0.previous) }) {
      pictures, _, repository, today in
      let answer = try await pictures.todaysAnswer(now: now)
      let newest = try await repository.apod(for: today.previous).apod
      #expect(answer.day == today.previous)
      #expect(answer.day == (try await pictures.file(for: nil)).day)
      #expect(
        answer.dialog
          == "Today's picture is not published yet; the newest, from \(newest.date.iso), is “\(newest.title)”. \(credit)"
      )
    }
  }

  @Test func aVideoDayIsSaidSoWithItsStill() async throws {
    let now = try AstronomyPictureTests.afternoon(ofADayThat: true)
    try await shortcut.run(now: now, published: { APODDay.lastDays(3, endingOn: $0) }) {
      pictures, asked, repository, today in
      let answer = try await pictures.todaysAnswer(now: now)
      let apod = try await repository.apod(for: today).apod
      #expect(answer.day == today)
      #expect(answer.dialog == "Today's astronomy picture is “\(apod.title)”. It is a video. \(credit)")
      #expect(asked.asked == [try #require(apod.imageURL)])
      #expect(answer.picture != nil)
    }
  }

  @Test func aPictureThatCannotBeHadLeavesTheSentence() async throws {
    let now = try AstronomyPictureTests.afternoon(ofADayThat: false)
    try await shortcut.run(now: now, published: { APODDay.lastDays(3, endingOn: $0) }) {
      pictures, asked, repository, today in
      asked.failure = .notAnImage(contentType: "text/html")
      let answer = try await pictures.todaysAnswer(now: now)
      let apod = try await repository.apod(for: today).apod
      #expect(answer.picture == nil)
      #expect(answer.dialog == "Today's astronomy picture is “\(apod.title)”. \(credit)")
      #expect(asked.asked == [apod.imageURL, apod.hdImageURL].compactMap { $0 })
    }
  }

  @Test func nothingSavedAndNothingPublishedIsTheReason() async throws {
    let now = try AstronomyPictureTests.afternoon(ofADayThat: false)
    try await shortcut.run(now: now, published: { _ in [] }) { pictures, asked, _, _ in
      do throws(AstronomyPicture.Failure) {
        _ = try await pictures.todaysAnswer(now: now)
        Issue.record("an answer without a day")
      } catch {
        guard case .unavailable = error else {
          Issue.record("not the day's reason: \(error)")
          return
        }
        #expect(!error.message(now: now).isEmpty)
      }
      #expect(asked.asked.isEmpty)
    }
  }
}
