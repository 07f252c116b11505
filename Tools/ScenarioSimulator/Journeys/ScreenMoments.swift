import AppCore
import AppNavigation
import ExploreCore
import FavoritesCore
import NASA
import TodayCore
import ViewerCore

/// A view on screen, as the navigation state and the models put it there.
enum ShownView: Hashable {
  /// A tab's screen (its `.task`: `TodayScreen`, `ExploreScreen`, `FavoritesScreen`).
  case tab(AppTab)
  /// A pushed detail (`ExploreDayDetail`, `FavoriteDetailView`), by its opening.
  case detail(PushedDay.ID)
  /// The pushed detail's day, swiping (`SwipeableDayDetail`).
  case daySwiper(PushedDay.ID)
  /// The picture on the card of the day in front (`ProgressiveImageView` as a card).
  case card(CardOwner, APODDay)
  /// The full-screen viewer's picture (`ProgressiveImageView` as the viewer), by the day it was
  /// presented on.
  case viewer(APODDay)

  /// Views appear parent first and go away child first.
  var depth: Int {
    switch self {
    case .tab: 0
    case .detail: 1
    case .daySwiper: 2
    case .card: 3
    case .viewer: 4
    }
  }
}

/// Who shows a card: Today's screen or a pushed detail.
enum CardOwner: Hashable {
  case today
  case detail(PushedDay.ID)
}

/// What a pushed detail's views hold (their `@State`), made as the views make it.
@MainActor
final class DetailViews {
  let entry: PushedDay
  /// Explore's detail (`ExploreModel.dayDetail(_:)`).
  var explore: ExploreDayDetailModel?
  /// The favorite's detail (`FavoritesModel.detail(for:)`); nil on Explore, and when no
  /// favorite is saved for the day (`FavoritesModel.opening(_:)`).
  var favorite: FavoriteDetailModel?
  /// The day, swiping, once the detail shows it (`PushedDayDetail`).
  var swiper: DaySwipeModel?

  init(entry: PushedDay) {
    self.entry = entry
  }

  /// The full day the detail shows, once it does.
  var shownAPOD: APOD? {
    if case .day(let apod)? = explore?.shown { return apod }
    if case .full(let apod)? = favorite?.state { return apod }
    return nil
  }
}

/// The picture model of a card (`ImageHero`'s, kept per day shown).
struct Card {
  let day: APODDay
  let image: ProgressiveImageModel?
}

/// The views on screen and what they hold.
@MainActor
final class ShownViews {
  var on: Set<ShownView> = []
  /// The `.task`s each view started: SwiftUI cancels them when the view goes away.
  var tasks: [ShownView: [Task<Void, Never>]] = [:]
  /// The pushed details' views, kept while their entry is in a stack (hidden ones too).
  var details: [PushedDay.ID: DetailViews] = [:]
  var cards: [CardOwner: Card] = [:]
  /// The detail on top of the tab shown, and the card in front.
  var detailInFront: DetailViews?
  var cardInFront: Card?

  func endAll() {
    for task in tasks.values.flatMap({ $0 }) { task.cancel() }
    tasks = [:]
  }
}

extension ScenarioSession {
  /// The views follow the navigation state (`AppNavigation.onScreen`) and the models: each view
  /// that appears or goes away makes its hook's one call, the same the app's view makes. Repeated
  /// until nothing more appears (a detail that loads shows its day, then the day's card).
  func screenFollows(_ model: AppModel) async {
    guard apod != nil else { return }
    let screen = journey.screen
    for _ in 0..<8 {
      let wanted = wantedViews(model)
      let gone = screen.on.subtracting(wanted)
      let new = wanted.subtracting(screen.on)
      if gone.isEmpty && new.isEmpty { break }
      screen.on = wanted
      for view in gone.sorted(by: { $0.depth > $1.depth }) { await disappeared(view, model) }
      for view in new.sorted(by: { $0.depth < $1.depth }) { await appeared(view, model) }
    }
    // A detail popped or replaced is gone with what it held.
    let navigation = model.navigation
    let alive = Set((navigation.explore.details.entries + navigation.favorites.details.entries).map(\.id))
    screen.details = screen.details.filter { alive.contains($0.key) }
    screen.cards = screen.cards.filter { owner, _ in
      if case .detail(let id) = owner { return alive.contains(id) }
      return true
    }
  }

  /// What is on screen now, making what a view holds as it is first drawn.
  private func wantedViews(_ model: AppModel) -> Set<ShownView> {
    let screen = journey.screen
    let onScreen = model.navigation.onScreen
    var views: Set<ShownView> = [.tab(onScreen.tab)]
    screen.detailInFront = nil
    screen.cardInFront = nil
    var card: (owner: CardOwner, apod: APOD)?
    if let entry = onScreen.detail {
      let detail = screen.details[entry.id] ?? makeDetail(entry, on: onScreen.tab, model)
      screen.details[entry.id] = detail
      screen.detailInFront = detail
      views.insert(.detail(entry.id))
      if detail.swiper == nil, let apod = detail.shownAPOD {
        detail.swiper = model.details.swiper(from: apod, in: entry.id)
      }
      if let swiper = detail.swiper {
        views.insert(.daySwiper(entry.id))
        if case .loaded(let apod) = swiper.page { card = (.detail(entry.id), apod) }
      }
    } else if onScreen.tab == .today, case .loaded(let content) = model.today.state {
      card = (.today, content.apod)
    }
    if let card {
      // The hero keeps its model while it shows the same day.
      let shown =
        screen.cards[card.owner].flatMap { $0.day == card.apod.date ? $0 : nil }
        ?? Card(day: card.apod.date, image: model.images.progressiveImage(for: card.apod))
      screen.cards[card.owner] = shown
      screen.cardInFront = shown
      if shown.image != nil { views.insert(.card(card.owner, shown.day)) }
    }
    if case .viewer(let day)? = onScreen.sheet, journey.viewer != nil { views.insert(.viewer(day)) }
    return views
  }

  private func makeDetail(_ entry: PushedDay, on tab: AppTab, _ model: AppModel) -> DetailViews {
    let detail = DetailViews(entry: entry)
    switch tab {
    case .explore:
      detail.explore = model.explore.dayDetail(entry.opened)
    case .favorites:
      if case .favorite(let favorite) = model.favorites.opening(entry.opened) {
        detail.favorite = model.favorites.detail(for: favorite)
      }
    case .today, .profile:
      break
    }
    return detail
  }

  /// `view` appeared: its hook's call (`.task` / `.onAppear`).
  private func appeared(_ view: ShownView, _ model: AppModel) async {
    let screen = journey.screen
    switch view {
    case .tab(.today):
      await trackView(view, idle: { model.today.isWaitingForNextCheck }) {
        await model.today.screenAppeared()
      }
    case .tab(.explore):
      await trackView(view) { await model.explore.load() }
    case .tab(.favorites):
      await trackView(view) { await model.favorites.load() }
    case .tab(.profile):
      return
    case .detail(let id):
      guard let detail = screen.details[id] else { return }
      if let explore = detail.explore { await trackView(view) { await explore.load() } }
      if let favorite = detail.favorite { await trackView(view) { await favorite.load() } }
    case .daySwiper(let id):
      guard let swiper = screen.details[id]?.swiper else { return }
      await trackView(view) { await swiper.appeared() }
    case .card(let owner, _):
      guard let image = screen.cards[owner]?.image else { return }
      await trackView(view) { await image.appeared(as: .card) }
    case .viewer:
      guard let image = journey.viewer else { return }
      await trackView(view) { await image.appeared(as: .viewer) }
    }
  }

  /// `view` went away: SwiftUI ends its `.task`s, and its `.onDisappear` call is made.
  private func disappeared(_ view: ShownView, _ model: AppModel) async {
    let screen = journey.screen
    for task in screen.tasks.removeValue(forKey: view) ?? [] { task.cancel() }
    switch view {
    case .tab, .detail:
      return
    case .daySwiper(let id):
      guard let swiper = screen.details[id]?.swiper else { return }
      await track { await swiper.disappeared().value }
    case .card(let owner, let day):
      guard let card = screen.cards[owner], card.day == day, let image = card.image else { return }
      image.disappeared(as: .card, images: model.images.pipeline)
    case .viewer:
      guard let image = journey.viewer else { return }
      await track { await image.disappeared(as: .viewer, images: model.images.pipeline)?.value }
    }
  }

  /// Runs `work` as a `.task` of `view`: tracked like any work (`idle`: it only waits for the
  /// clock), and cancelled when the view goes away.
  private func trackView(
    _ view: ShownView, idle: @escaping @MainActor () -> Bool = { false }, _ work: @escaping () async -> Void
  ) async {
    var handle: Task<Void, Never>?
    await track({ work }, started: { handle = $0 }, idle: idle)
    if let handle { journey.screen.tasks[view, default: []].append(handle) }
  }
}
