import Foundation
import NASA
import TestSupport
import Testing
import WidgetCore

private let english = Locale(identifier: "en_US")
private let french = Locale(identifier: "fr_FR")
private let imageURL = URL(string: "https://apod.nasa.gov/apod/image/2611/orion.jpg")!

private func day(_ iso: String) throws -> APODDay { try APODDay(iso: iso) }

private func picture(
  _ iso: String, _ title: String = "The Orion Nebula in Infrared"
) throws
  -> WidgetTimelinePolicy.Entry
{
  .picture(try day(iso), title: title, imageURL: imageURL)
}

@Suite("Widget configuration: what each family and option shows")
struct WidgetFaceTests {
  @Test func homeScreenFamiliesShowThePictureTitleAndDateAsChosen() throws {
    let entry = try picture("2026-11-21")
    let all = WidgetOptions()
    let small = WidgetFace.make(
      entry: entry, family: .systemSmall, options: all, hasPicture: true, locale: english)
    #expect(small.background == .picture)
    #expect(small.title == "The Orion Nebula in Infrared")
    #expect(small.titleLineLimit == 2)
    #expect(small.date == "Nov 21")
    #expect(small.showsScrim)

    let medium = WidgetFace.make(
      entry: entry, family: .systemMedium, options: all, hasPicture: true, locale: english)
    #expect(medium.date == "November 21, 2026")
    let large = WidgetFace.make(
      entry: entry, family: .systemLarge, options: all, hasPicture: true, locale: english)
    #expect(large.titleLineLimit == 3)

    let bare = WidgetFace.make(
      entry: entry, family: .systemMedium, options: WidgetOptions(showsTitle: false, showsDate: false),
      hasPicture: true, locale: english)
    #expect(bare.title == nil)
    #expect(bare.date == nil)
    #expect(bare.showsScrim == false)
    #expect(bare.background == .picture)

    let dateOnly = WidgetFace.make(
      entry: entry, family: .systemLarge, options: WidgetOptions(showsTitle: false, showsDate: true),
      hasPicture: true, locale: french)
    #expect(dateOnly.title == nil)
    #expect(dateOnly.date == "21 novembre 2026")
  }

  @Test func aPlaceholderAlwaysShowsItsTitleEvenWhenTheTitleIsHidden() throws {
    let hidden = WidgetOptions(showsTitle: false, showsDate: false)
    let unread = WidgetFace.make(
      entry: try picture("2026-11-21"), family: .systemSmall, options: hidden, hasPicture: false,
      locale: english)
    #expect(unread.background == .placeholder)
    #expect(unread.title == "The Orion Nebula in Infrared")
    #expect(unread.showsScrim == false)
    let page = WidgetFace.make(
      entry: .placeholder(try day("2026-11-20"), title: "An Interactive Sky"), family: .systemLarge,
      options: hidden, hasPicture: true, locale: english)
    #expect(page.background == .placeholder)
    #expect(page.title == "An Interactive Sky")
  }

  @Test func lockScreenFamiliesShowTheDateAndAShortTitle() throws {
    let entry = try picture("2026-11-21")
    let circular = WidgetFace.make(
      entry: entry, family: .accessoryCircular, options: WidgetOptions(), hasPicture: true,
      locale: english)
    #expect(circular.background == .none)
    #expect(circular.circular?.day == "21")
    #expect(circular.circular?.month == "Nov")
    #expect(circular.title == nil)

    let inline = WidgetFace.make(
      entry: entry, family: .accessoryInline, options: WidgetOptions(), hasPicture: true,
      locale: english)
    #expect(inline.inline == "Nov 21 · The Orion Nebula in…")
    let inlineTitleOnly = WidgetFace.make(
      entry: entry, family: .accessoryInline, options: WidgetOptions(showsDate: false), hasPicture: true,
      locale: english)
    #expect(inlineTitleOnly.inline == "The Orion Nebula in…")

    let rectangular = WidgetFace.make(
      entry: entry, family: .accessoryRectangular, options: WidgetOptions(), hasPicture: true, locale: english
    )
    #expect(rectangular.showsCaption)
    #expect(rectangular.title == "The Orion Nebula in Infrared")
    #expect(rectangular.date == "Nov 21")
  }

  @Test func aLockScreenWidgetWithTitleAndDateOffStillShowsTheTitle() throws {
    let off = WidgetOptions(showsTitle: false, showsDate: false)
    let inline = WidgetFace.make(
      entry: try picture("2026-11-21", "M31"), family: .accessoryInline, options: off, hasPicture: true,
      locale: english)
    #expect(inline.inline == "M31")
    let rectangular = WidgetFace.make(
      entry: try picture("2026-11-21", "M31"), family: .accessoryRectangular, options: off,
      hasPicture: true, locale: english)
    #expect(rectangular.title == "M31")
    #expect(rectangular.date == nil)
  }

  @Test func nothingSavedInvitesTheUserToOpenSpacerInEveryFamily() {
    for family in WidgetFamilyKind.allCases {
      let face = WidgetFace.make(
        entry: .openTheApp, family: family, options: WidgetOptions(showsTitle: false, showsDate: false),
        hasPicture: false, locale: english)
      let says = [face.title, face.inline].compactMap { $0 }
      if family == .accessoryCircular {
        #expect(face.showsSymbol, "\(family)")
      } else {
        #expect(says.count == 1, "\(family) says \(says)")
        #expect(says.first?.hasPrefix("Open Spacer") == true, "\(family)")
      }
      #expect(face.date == nil, "\(family)")
    }
  }

  @Test func shortTitlesAreCutAtAWord() {
    #expect(WidgetFace.shortTitle("M31") == "M31")
    #expect(WidgetFace.shortTitle("Exactly twenty-four char") == "Exactly twenty-four char")
    #expect(WidgetFace.shortTitle("The Orion Nebula in Infrared") == "The Orion Nebula in…")
    #expect(WidgetFace.shortTitle("Supercalifragilisticexpialidocious") == "Supercalifragilisticexpi…")
    #expect(WidgetFace.shortTitle("Comet, Moon, and Planets Align") == "Comet, Moon, and…")
  }

  @Test func theGalleryGetsThePlaceholderAndOnlyHomeScreenFamiliesReadAPicture() {
    #expect(WidgetRequestRule.snapshot(isPreview: true) == .placeholder)
    #expect(WidgetRequestRule.snapshot(isPreview: false) == .cacheOnly)
    let reading = WidgetFamilyKind.allCases.filter(WidgetRequestRule.readsPicture(for:))
    #expect(reading == [.systemSmall, .systemMedium, .systemLarge])
  }
}

@Suite("Widget configuration: a random favorite")
struct WidgetFavoritePickerTests {
  private func favorites(_ isos: [String]) throws -> [WidgetFavorite] {
    try isos.map { WidgetFavorite(day: try day($0), title: "Title \($0)", imageURL: imageURL) }
  }

  @Test func freeUsersSeeTodayWhateverTheyChose() throws {
    let shelf = WidgetShelf(isPremium: false, favorites: try favorites(["2020-01-01", "2021-02-02"]))
    let choice = WidgetFavoritePicker.choose(
      source: .randomFavorite, shelf: shelf, today: try day("2026-11-21"), previous: nil)
    #expect(choice == .today)
  }

  @Test func noShelfOrNoFavoritesOrTodayChosenShowsToday() throws {
    let today = try day("2026-11-21")
    #expect(
      WidgetFavoritePicker.choose(source: .randomFavorite, shelf: nil, today: today, previous: nil) == .today)
    #expect(
      WidgetFavoritePicker.choose(
        source: .randomFavorite, shelf: WidgetShelf(isPremium: true, favorites: []), today: today,
        previous: nil) == .today)
    let shelf = WidgetShelf(isPremium: true, favorites: try favorites(["2020-01-01"]))
    #expect(WidgetFavoritePicker.choose(source: .today, shelf: shelf, today: today, previous: nil) == .today)
  }

  @Test func theChoiceIsSeededByTheDayAndKeptAllDay() throws {
    let shelf = WidgetShelf(
      isPremium: true, favorites: try favorites(["2020-01-01", "2021-02-02", "2022-03-03", "2023-04-04"]))
    let today = try day("2026-11-21")
    let first = WidgetFavoritePicker.choose(
      source: .randomFavorite, shelf: shelf, today: today, previous: nil)
    // Same inputs, same answer: in another process, on another run.
    #expect(
      WidgetFavoritePicker.choose(source: .randomFavorite, shelf: shelf, today: today, previous: nil) == first
    )
    guard case .favorite(let favorite, let pick) = first else {
      Issue.record("expected a favorite, got \(first)")
      return
    }
    #expect(pick == WidgetPick(favorite: favorite.day, pickedOn: today))
    #expect(favorite.entry == .picture(favorite.day, title: favorite.title, imageURL: imageURL))
    // Reloaded later the same day: the same favorite.
    let again = WidgetFavoritePicker.choose(
      source: .randomFavorite, shelf: shelf, today: today, previous: pick)
    #expect(again == first)
  }

  @Test func neverTheSameFavoriteTwoDaysInARowAndEveryOneComesUp() throws {
    let days = try ["2020-01-01", "2021-02-02", "2022-03-03", "2023-04-04", "2024-05-05"].map(day)
    var today = try day("2026-01-01")
    var previous: WidgetPick?
    var seen: [APODDay: Int] = [:]
    for _ in 0..<365 {
      guard let picked = WidgetFavoritePicker.pick(from: days, on: today, previous: previous) else {
        Issue.record("no pick on \(today)")
        return
      }
      if let previous { #expect(picked != previous.favorite, "\(picked) twice in a row on \(today)") }
      seen[picked, default: 0] += 1
      previous = WidgetPick(favorite: picked, pickedOn: today)
      today = today.next
    }
    #expect(Set(seen.keys) == Set(days))
    // Spread over the year, not stuck on one or two: each at least 10% of the days.
    #expect(seen.values.allSatisfy { $0 >= 36 }, "\(seen)")
  }

  @Test func aRemovedFavoriteIsNotKeptAndASingleFavoriteRepeats() throws {
    let today = try day("2026-11-21")
    let removed = WidgetPick(favorite: try day("2019-09-09"), pickedOn: today)
    let remaining = try ["2020-01-01", "2021-02-02"].map(day)
    let picked = WidgetFavoritePicker.pick(from: remaining, on: today, previous: removed)
    #expect(picked.map(remaining.contains) == true)
    let only = try day("2020-01-01")
    let yesterday = WidgetPick(favorite: only, pickedOn: today.previous)
    #expect(WidgetFavoritePicker.pick(from: [only, only], on: today, previous: yesterday) == only)
    #expect(WidgetFavoritePicker.pick(from: [], on: today, previous: nil) == nil)
  }

  @Test func theShelfAndThePickRoundTripOnDiskAndGarbageReadsAsNothing() throws {
    let folder = try TemporaryDirectory()
    let store = WidgetShelfStore(directory: folder.url.appendingPathComponent("Widget"))
    #expect(store.shelf() == nil)
    #expect(store.pick() == nil)
    let shelf = WidgetShelf(isPremium: true, favorites: try favorites(["2020-01-01"]))
    try store.write(shelf)
    let pick = WidgetPick(favorite: try day("2020-01-01"), pickedOn: try day("2026-11-21"))
    try store.write(pick)
    #expect(store.shelf() == shelf)
    #expect(store.pick() == pick)
    try Data("{\"isPremium\":".utf8).write(to: folder.url.appendingPathComponent("Widget/shelf.json"))
    #expect(store.shelf() == nil)
  }
}
