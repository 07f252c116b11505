import Foundation
import ImageCache
import Localization
import NASA

extension AstronomyPicture {
  /// What Siri says and shows for "what is today's picture": the day Get Astronomy Picture would
  /// give with its Date left empty, its title and credit, and the picture the screens show (the
  /// preview, or a video's thumbnail; HD only when the preview cannot be had).
  public struct Answer: Sendable, Equatable {
    public let day: APODDay
    public let title: String
    public let dialog: String
    /// nil when the day has no picture or none could be had: the dialog is the answer then.
    public let picture: PictureFile?
    public let pictureDescription: String
  }

  /// - Parameter now: which APOD day is today's, to say so when the newest is an earlier one.
  public func todaysAnswer(now: Date) async throws(Failure) -> Answer {
    let apod = try await self.apod(for: nil)
    var sentences = [
      apod.date == APODDay.today(now: now)
        ? Localized.text("Today's astronomy picture is “%@”.", apod.title)
        : Localized.text(
          "Today's picture is not published yet; the newest, from %@, is “%@”.", apod.date.iso, apod.title)
    ]
    if ShareItem(apod).pictureSources == nil {
      sentences.append(
        apod.mediaType == .video
          ? Localized.text("It is a video.") : Localized.text("It is an interactive page."))
    }
    sentences.append(apod.creditAttribution.text)
    return Answer(
      day: apod.date, title: apod.title, dialog: sentences.joined(separator: " "),
      picture: await snippetPicture(of: apod), pictureDescription: apod.accessibilityDescription)
  }

  private func snippetPicture(of apod: APOD) async -> PictureFile? {
    var tried: [URL] = []
    for url in [apod.imageURL, apod.hdImageURL].compactMap({ $0 }) where !tried.contains(url) {
      tried.append(url)
      if let file = try? await picture(url) { return file }
      if Task.isCancelled { return nil }
    }
    return nil
  }
}
