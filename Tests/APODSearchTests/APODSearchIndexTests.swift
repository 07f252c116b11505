import APODSearch
import Foundation
import NASA
import Testing

private func entry(
  _ iso: String, _ title: String, explanation: String = "", credit: String? = nil,
  media: APODMediaType = .image, url: String? = nil
) throws -> APOD {
  let day = try APODDay(iso: iso)
  let mediaURL = url ?? (media == .image ? "https://apod.nasa.gov/apod/image/\(iso).jpg" : nil)
  return APOD(
    date: day, title: title, explanation: explanation, mediaType: media,
    url: mediaURL.flatMap(URL.init(string:)),
    videoURL: media == .image ? nil : mediaURL.flatMap(URL.init(string:)), credit: credit,
    pageURL: APOD.legacyPageURL(for: day), source: .v1)
}

private func days(_ hits: [APODSearchIndex.Hit]) -> [String] { hits.map(\.day.iso) }

@Suite("Search: keywords over saved days")
struct APODSearchIndexTests {
  /// `2026-11-20` asks for that day: it comes first, even though newer days mention those numbers
  /// and its own text does not.
  @Test func aDateQueryPutsThatDayFirst() throws {
    let index = APODSearchIndex([
      try entry("2026-11-20", "Comet Lemmon", explanation: "A comet over the hills."),
      try entry("2026-11-22", "Star Trails", explanation: "On 2026 11 20 the sky cleared."),
      try entry("2026-11-24", "Moon 2026", explanation: "Taken on 11 20, the 2026 season."),
    ])
    #expect(days(index.search("2026-11-20")) == ["2026-11-20", "2026-11-24", "2026-11-22"])
    #expect(days(index.search("2026-11-20", filter: .videos)).isEmpty)
  }

  @Test func findsAWordInTheTitleExplanationOrCredit() throws {
    let index = APODSearchIndex([
      try entry("2024-01-01", "The Andromeda Galaxy"),
      try entry("2024-01-02", "Dust", explanation: "A dark nebula near Andromeda."),
      try entry("2024-01-03", "Saturn", credit: "Andromeda Observatory"),
      try entry("2024-01-04", "Jupiter"),
    ])
    #expect(Set(days(index.search("andromeda"))) == ["2024-01-01", "2024-01-02", "2024-01-03"])
  }

  @Test func ignoresCaseAndDiacritics() throws {
    let index = APODSearchIndex([try entry("2024-02-01", "Étoile filante au-dessus du Teide")])
    #expect(days(index.search("ETOILE")) == ["2024-02-01"])
    #expect(days(index.search("étoile")) == ["2024-02-01"])
    #expect(days(index.search("teide")) == ["2024-02-01"])
  }

  @Test func everyWordMustMatchAndEachMayBeTheStartOfAWord() throws {
    let index = APODSearchIndex([
      try entry("2024-03-01", "Andromeda Galaxy"),
      try entry("2024-03-02", "Andromeda Rising"),
      try entry("2024-03-03", "Galactic Centre"),
    ])
    #expect(days(index.search("androm gal")) == ["2024-03-01"])
    #expect(Set(days(index.search("gala"))) == ["2024-03-01", "2024-03-03"])
    #expect(index.search("andromeda comet").isEmpty)
  }

  @Test func titleMatchesComeFirstThenTheNewestDay() throws {
    let index = APODSearchIndex([
      try entry("2020-05-05", "Comet NEOWISE"),
      try entry("2023-05-05", "Sky over Chile", explanation: "A comet and the Milky Way."),
      try entry("2021-05-05", "Comet Leonard"),
      try entry("2024-05-05", "Sunset", explanation: "Faint comet tail."),
    ])
    #expect(days(index.search("comet")) == ["2021-05-05", "2020-05-05", "2024-05-05", "2023-05-05"])
  }

  @Test func moreQueryWordsInTheTitleRankHigher() throws {
    let index = APODSearchIndex([
      try entry("2024-06-02", "Orion", explanation: "The great nebula."),
      try entry("2024-06-01", "Orion Nebula"),
    ])
    let hits = index.search("orion nebula")
    #expect(days(hits) == ["2024-06-01", "2024-06-02"])
    #expect(hits.map(\.titleMatches) == [2, 1])
  }

  @Test func aQueryWithoutWordsMatchesNothing() throws {
    let index = APODSearchIndex([try entry("2024-01-01", "Moon")])
    #expect(index.search("").isEmpty)
    #expect(index.search("  — ! ").isEmpty)
  }

  @Test func insertingADayAgainReplacesItsWords() throws {
    var index = APODSearchIndex([try entry("2024-07-01", "Wrong title from a bad answer")])
    index.insert([try entry("2024-07-01", "Pleiades")])
    #expect(index.search("wrong").isEmpty)
    #expect(days(index.search("pleiades")) == ["2024-07-01"])
    #expect(index.count == 1)
  }

  @Test func growsAsDaysAreSaved() throws {
    var index = APODSearchIndex()
    index.insert([try entry("2024-08-01", "Perseid Meteors")])
    index.insert([try entry("2024-08-02", "Perseus Double Cluster")])
    #expect(Set(days(index.search("perse"))) == ["2024-08-01", "2024-08-02"])
    #expect(index.count == 2)
  }

  @Test func theFilterKeepsPicturesOrVideos() throws {
    let index = APODSearchIndex([
      try entry("2024-09-01", "Eclipse"),
      try entry(
        "2024-09-02", "Eclipse Video", media: .video, url: "https://www.youtube.com/embed/BX3vVBCcpN0"),
      try entry("2024-09-03", "Eclipse Simulator", media: .video, url: "http://www.stefanom.org/spc/"),
    ])
    #expect(days(index.search("eclipse", filter: .images)) == ["2024-09-01"])
    #expect(days(index.search("eclipse", filter: .videos)) == ["2024-09-02"])
    #expect(index.search("eclipse", filter: .all).count == 3)
  }

  @Test func numbersAreWordsToo() throws {
    let index = APODSearchIndex([try entry("2024-10-01", "M31 and M110")])
    #expect(days(index.search("m31")) == ["2024-10-01"])
    #expect(days(index.search("M110")) == ["2024-10-01"])
  }
}

@Suite("Explore filter: all, pictures, videos")
struct APODMediaFilterTests {
  @Test func theFilterKeepsTheOrderAndOnlyTheKindAsked() throws {
    let list = [
      try entry("2024-09-03", "Picture"),
      try entry("2024-09-02", "Vimeo", media: .video, url: "https://player.vimeo.com/video/16917950"),
      try entry("2024-09-01", "Interactive", media: .other),
      try entry("2024-08-31", "Another picture"),
    ]
    #expect(
      APODMediaFilter.all.apply(to: list).map(\.title) == [
        "Picture", "Vimeo", "Interactive", "Another picture",
      ])
    #expect(APODMediaFilter.images.apply(to: list).map(\.title) == ["Picture", "Another picture"])
    #expect(APODMediaFilter.videos.apply(to: list).map(\.title) == ["Vimeo"])
  }
}

@Suite("Search: ASCII and non-ASCII text are read the same way")
struct SearchTextConsistencyTests {
  @Test(arguments: [
    "The Andromeda Galaxy (M31) in 2024", "Hubble's deep-field: 10,000 galaxies!",
    "NGC 6992/6995 & Pickering's Triangle",
  ])
  func anAccentAnywhereDoesNotChangeTheOtherWords(text: String) throws {
    // The same text with one accented word added takes the full Unicode path, the plain text the
    // byte path: every other word must come out the same.
    let day = try APODDay(iso: "2024-01-01")
    let plain = APODSearchIndex([
      APOD(
        date: day, title: text, explanation: "", mediaType: .other, pageURL: APOD.legacyPageURL(for: day),
        source: .v1)
    ])
    let accented = APODSearchIndex([
      APOD(
        date: day, title: text + " café", explanation: "", mediaType: .other,
        pageURL: APOD.legacyPageURL(for: day),
        source: .v1)
    ])
    for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
      #expect(plain.search(String(word)).count == 1, "\(word)")
      #expect(accented.search(String(word)).count == 1, "\(word)")
    }
    #expect(accented.search("cafe").count == 1)
  }
}
