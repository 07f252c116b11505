import AppCore
import AppNavigation
import Basics
import ExploreCore
import Favorites
import FavoritesCore
import Foundation
import ImageCache
import NASA
import Notifications
import ScreenCore
import Sharing
import TodayCore
import ViewerCore

/// What the user has in front of them, as a journey drove the screens. Where the user is (the
/// tab, each tab's stack, the sheet, the messages, the orientation) is the app's own state,
/// `AppModel.navigation`, changed through the app's own calls (`AppModel.open(url:)`,
/// `openNotification`, the navigation's methods the views call). The runner plays the views: it
/// calls the models as they do and keeps what a view would hold (its detail's swipe model, the
/// viewer's image model, its `.task`s); every decision is the models'.
@MainActor
final class JourneyState {
  /// The tab whose screens are on screen: the views follow `AppNavigation.tab`.
  var tab: JourneyTab = .today
  /// Day details pushed on Explore, bottom first; each reports its swipes as its stack entry.
  var details: [JourneyTab: [DaySwipeModel]] = [:]
  /// Today's picture as the detail in front on Today (the day it shows): it does not swipe
  /// between days; the viewer, share and Save to Photos take it.
  var todayDetail: (origin: APODDay, swiper: DaySwipeModel)?
  /// The favorite's full day, swiping, once its detail shows it (as `FavoriteDetailView` does).
  var favoriteSwiper: DaySwipeModel?
  /// The viewer's image model: the open viewer's, or the last one that closed.
  var viewer: ProgressiveImageModel?
  var viewerOpen = false
  /// The sheet as its view presented it (the day it opened on): the view reports its close so.
  var presented: Sheet?
  var inBackground = false
  /// The favorite's detail pushed on the Favorites tab.
  var favoriteDetail: FavoriteDetailModel?
  /// The `.task`s of the views on each tab: cancelled when the tab goes away, as SwiftUI does.
  var viewTasks: [JourneyTab: [Task<Void, Never>]] = [:]
  /// What the last journey step asked the system about orientation (the navigation's answer at
  /// the state change), nil when it asked nothing.
  var orientationAsked: String?
  /// The process's link inbox (`LinkInbox.shared` in the app): a link that arrives before the app's
  /// model is attached waits here.
  var links = LinkInbox()
  /// Links the inbox handed over, not yet followed.
  var arrivedLinks: [URL] = []
  /// Whether the damaged favorites store was announced (once: the next start opens a fresh store).
  var favoritesStoreAnnounced = false

  /// A new process: nothing on screen yet.
  func reset() {
    tab = .today
    details = [:]
    todayDetail = nil
    favoriteSwiper = nil
    viewer = nil
    viewerOpen = false
    presented = nil
    inBackground = false
    favoriteDetail = nil
    for task in viewTasks.values.flatMap({ $0 }) { task.cancel() }
    viewTasks = [:]
    orientationAsked = nil
    links = LinkInbox()
    arrivedLinks = []
  }
}

extension ScenarioSession {
  /// The process's model was built: as the app's start-up does, a favorites store found damaged
  /// (and set aside) is announced in the message queue at once, before the launch.
  func processStarted(_ model: AppModel) {
    journey.reset()
    guard let apod, apod.setup.favoritesStoreSetAside, !journey.favoritesStoreAnnounced else { return }
    journey.favoritesStoreAnnounced = true
    let setAside = content.directory.appending(path: "favorites/favorites.damaged.json")
    model.announceFavoritesStore(FavoritesRepositoryError.corruptFile(movedTo: setAside).message)
    world.note("favorites: the damaged store was set aside; the app says so")
  }

  /// The first screen of a launched journey appears: the model attaches to the link inbox (as the
  /// app's environment does once the model exists; a link that started the app is handed over
  /// now, once), the Today tab's `.task` loads it, and the links that arrived are followed.
  func firstScreenAppears() async {
    guard apod != nil, let model else { return }
    journey.links.attach { [weak self] url in self?.journey.arrivedLinks.append(url) }
    await trackView { await model.today.load() }
    await followArrivedLinks(model)
  }

  func performJourney(_ step: JourneyStep) async {
    guard let model = runningModel() else { return }
    journey.orientationAsked = nil
    switch step {
    case .selectTab(let tab):
      if tab != journey.tab {
        // The tab that goes away: SwiftUI ends its views' `.task`s.
        for task in journey.viewTasks.removeValue(forKey: journey.tab) ?? [] { task.cancel() }
      }
      journey.tab = tab
      model.navigation.select(AppTab(rawValue: tab.rawValue) ?? .today)
      // The tab's screens appear: their `.task`s run.
      switch tab {
      case .today: await trackView { await model.today.load() }
      case .explore: await trackView { await model.explore.load() }
      case .favorites:
        await trackView { await model.favorites.load() }
        if let detail = journey.favoriteDetail { await trackView { await detail.load() } }
      case .profile: await trackView { await model.profile.reminder.refresh() }
      }
    case .refresh:
      switch journey.tab {
      case .today: await track { await model.today.refresh() }
      case .explore: await track { await model.explore.refresh() }
      case .favorites, .profile: fail("the \(journey.tab.rawValue) tab has no pull to refresh")
      }
    case .openDay(let day):
      guard journey.tab == .explore else {
        return fail("the date picker is on the Explore tab (select it first)")
      }
      await track { await model.explore.loadDay(day) }
      guard case .loaded(let content) = model.explore.state, let picked = content.picked else {
        return fail("Explore shows no list to pick a day in")
      }
      if case .loaded(let result) = picked {
        model.navigation.openDay(day)
        pushDetail(result.apod, openedOn: day, model)
      } else {
        world.note("explore: the picked day shows \(Self.describe(picked))")
      }
    case .search(let query, let filter):
      guard journey.tab == .explore else { return fail("search is on the Explore tab (select it first)") }
      if let filter { await track { await model.search.setFilter(filter) } }
      await track { await model.search.search(query) }
    case .openResult(let day):
      guard case .found(let hits) = model.search.results, hits.contains(where: { $0.day == day }) else {
        return fail("\(day.iso) is not among the search results")
      }
      var found: APOD?
      await track { found = await model.search.apod(for: day) }
      guard let found else {
        return fail("the result \(day.iso) could not be opened (its saved file is gone)")
      }
      model.navigation.openDay(day)
      pushDetail(found, openedOn: day, model)
    case .swipe(let direction, let gesture):
      await swipe(direction, gesture, model)
    case .openViewer:
      guard let swiper = detailInFront(model), case .loaded(let apod) = swiper.page else {
        return fail("no loaded day is in front to open in the viewer")
      }
      guard let image = model.images.progressiveImage(for: apod) else {
        return fail("\(apod.date.iso) has no picture to open (its top is not an image)")
      }
      // The detail's card showed the preview first (its `.task`); the viewer takes the card's model.
      await track { await image.load() }
      journey.viewer = image
      journey.viewerOpen = true
      present(.viewer(apod.date), model)
      await track { await image.showHD() }
    case .closeViewer:
      guard journey.viewerOpen, let image = journey.viewer, case .viewer? = model.navigation.sheet else {
        return fail("the viewer is not open")
      }
      journey.viewerOpen = false
      // The close begins: the viewer reports it first (portrait is asked before the dismissal
      // animates), then lets its HD picture go.
      closePresented(model)
      await track { await ViewerClosing.close(image, images: model.images.pipeline) }
    case .playVideo:
      guard let swiper = detailInFront(model), case .loaded(let apod) = swiper.page else {
        return fail("no loaded day is in front to play")
      }
      guard case .video = apod.hero else {
        return fail("\(apod.date.iso) has no video to play (its top is \(Self.heroName(apod)))")
      }
      present(.video(apod.date), model)
    case .closeVideo:
      guard case .video? = model.navigation.sheet else { return fail("no video is playing") }
      closePresented(model)
    case .share:
      await share(model)
    case .closeShare:
      guard case .share? = model.navigation.sheet else { return fail("the share sheet is not open") }
      closePresented(model)
    case .saveToPhotos(let permission):
      await saveToPhotos(answering: permission, model)
    case .back:
      await back(model)
    case .background:
      journey.inBackground = true
      await track { await model.scenePhaseDidChange(to: .background) }
    case .openFavorite(let day):
      guard journey.tab == .favorites else {
        return fail("favorites are on the Favorites tab (select it first)")
      }
      guard case .loaded(let favorites) = model.favorites.state,
        let favorite = favorites.first(where: { $0.date == day }),
        let detail = model.favorites.detail(for: favorite)
      else {
        return fail("\(day.iso) is not in the Favorites list")
      }
      journey.favoriteDetail = detail
      journey.favoriteSwiper = nil
      model.navigation.openFavorite(day)
      await trackView { await detail.load() }
    case .openLink(let text):
      guard let url = URL(string: text) else { return fail("'\(text)' is not a URL") }
      journey.links.deliver(url)
      await followArrivedLinks(model)
    case .tapWidget(let day):
      journey.links.deliver(DeepLink.url(for: .day(day)))
      await followArrivedLinks(model)
    case .coldLaunchWithLink(let text):
      guard let url = URL(string: text) else { return fail("'\(text)' is not a URL") }
      guard model.launchState == .notLaunched else {
        return fail("the app is already running (a link to a running app is openLink; quit first)")
      }
      // The App level takes the link before the model exists; it waits in the inbox.
      journey.links.deliver(url)
      world.note("link: \(url.absoluteString) waits for the app (LinkInbox)")
      await track { await model.launch() }
      await firstScreenAppears()
    case .tapNotification(let name):
      let identifier = name == "reminder" ? ReminderScheduler.requestIdentifier : name
      let before = (model.navigation.explore.details, model.navigation.allowedOrientations)
      await track { await model.openNotification(requestIdentifier: identifier) }
      await showNavigation(model, exploreBefore: before.0, orientationsBefore: before.1)
    }
  }

  /// A view presents `sheet` (reported to the navigation).
  private func present(_ sheet: Sheet, _ model: AppModel) {
    journey.presented = sheet
    asked(model.navigation.present(sheet))
  }

  /// The sheet's view reports its close as it presented it (`dismissSheet(_:)`), before the
  /// dismissal animates.
  private func closePresented(_ model: AppModel) {
    guard let sheet = journey.presented else { return fail("no sheet was presented by a view") }
    journey.presented = nil
    asked(model.navigation.dismissSheet(sheet))
  }

  /// The orientation change the navigation answered, as the view hands it to the system.
  private func asked(_ change: OrientationChange) {
    journey.orientationAsked =
      switch change {
      case .none: nil
      case .allow: "rotates"
      case .returnToPortrait: "portrait"
      }
  }

  /// A day swipe on the detail in front, made by `gesture`. A drag is the view's gesture, decided
  /// by Core's rule for a detail (`DaySwipeModel.Direction(detailDragFrom:…)`): a drag starting at
  /// the leading edge is the system's Back swipe and never changes the day (the system's Back
  /// itself is not simulated: use `back`). VoiceOver's action swipes without a drag, as the
  /// detail's accessibility action does. The day swiped to reaches the tab's stack as the view's
  /// does: the swiping model reports it as its entry's (`DayDetails.swiper(from:in:)`).
  private func swipe(_ direction: DaySwipeDirection, _ gesture: SwipeGesture, _ model: AppModel) async {
    guard journey.tab != .today else {
      return fail("Today's picture does not swipe between days (its viewer does; open a day on Explore)")
    }
    guard let swiper = detailInFront(model) else { return fail("no day detail is in front to swipe") }
    let wanted: DaySwipeModel.Direction = direction == .older ? .older : .newer
    let asked: DaySwipeModel.Direction?
    switch gesture {
    case .voiceOver:
      asked = wanted
    case .drag, .leadingEdgeDrag:
      // A level 120-point drag, from 10 points (the edge) or mid-screen (200 points).
      asked = DaySwipeModel.Direction(
        detailDragFrom: gesture == .leadingEdgeDrag ? 10 : 200, dragWidth: direction == .older ? 120 : -120,
        height: 0)
    }
    guard let asked else {
      return world.note("detail: the drag is no day swipe (it starts at the leading edge: the Back swipe's)")
    }
    var moved = true
    await track { moved = await swiper.swipe(asked) }
    if !moved {
      world.note("detail: no day \(direction == .older ? "before" : "after") \(swiper.page.day.iso)")
    }
  }

  /// Back: the detail on top of the tab shown goes away; its view's `.task`s end. On Explore and
  /// Favorites the navigation stack reports its new path, the days its details were opened on
  /// (`stackMoved`, as the views do). Today has nothing to go back from.
  private func back(_ model: AppModel) async {
    let navigation = model.navigation
    switch journey.tab {
    case .today:
      return fail("nothing to go back from on the today tab")
    case .favorites:
      guard journey.favoriteDetail != nil else { return fail("nothing to go back from on the favorites tab") }
      journey.favoriteDetail = nil
      journey.favoriteSwiper = nil
      for task in journey.viewTasks.removeValue(forKey: .favorites) ?? [] { task.cancel() }
      navigation.stackMoved(on: .favorites, to: Array(navigation.favorites.path.dropLast()))
    case .explore, .profile:
      guard var stack = journey.details[journey.tab], let top = stack.popLast() else {
        return fail("nothing to go back from on the \(journey.tab.rawValue) tab")
      }
      journey.details[journey.tab] = stack
      navigation.stackMoved(on: .explore, to: Array(navigation.explore.path.dropLast()))
      await track { await top.stop() }
    }
  }

  /// Share as the detail's button does: a picture day's picture is fetched first (`PictureDownload`:
  /// the disk tier, else the picture server) and the share sheet is presented with it; a failure is
  /// told in the message queue instead (`DayDetails.shareFailed`). Any other day shares its page
  /// link through the system's `ShareLink`, which is no sheet of the app's state.
  private func share(_ model: AppModel) async {
    guard let apod, let swiper = detailInFront(model), case .loaded(let day) = swiper.page else {
      return fail("no loaded day is in front to share")
    }
    guard case .picture(let url, _) = ShareItem(day) else {
      return world.note("share: \(day.date.iso) shares its page link (the system's ShareLink)")
    }
    let pictures = PictureDownload(images: apod.images, downloader: apod.pictureDownloader)
    var failure: String?
    await track {
      do throws(ImagePipelineError) {
        _ = try await pictures.picture(at: url)
      } catch {
        failure = error.message
      }
    }
    if let failure {
      model.details.shareFailed(failure)
      world.note("share: the picture could not be prepared: \(failure)")
    } else {
      present(.share(day.date), model)
    }
  }

  /// Save to Photos as the detail's button does (`DayDetails.saveToPhotos`), with PhotoKit replaced:
  /// the permission answer is the scenario's, the picture's bytes come through `PictureDownload`
  /// (the pipeline's disk tier, else the picture server), and the library records what it gets.
  private func saveToPhotos(answering permission: PhotosPermission, _ model: AppModel) async {
    guard let apod, let swiper = detailInFront(model), case .loaded(let day) = swiper.page else {
      return fail("no loaded day is in front to save")
    }
    let access: PhotoLibraryAddAccess =
      switch permission {
      case .granted: .granted
      case .denied: .denied
      case .restricted: .restricted
      }
    let pictures = PictureDownload(images: apod.images, downloader: apod.pictureDownloader)
    let library = apod.photos
    let saver = PictureSaver(
      requestAccess: { access }, download: { url in try await pictures.picture(at: url).data },
      addToLibrary: { data in library.add(data) })
    var result: SavePictureResult?
    await track { result = await model.details.saveToPhotos(day, using: saver) }
    if let result { world.note("photos: \(result.title): \(result.message)") }
  }

  /// Hands every link the inbox passed on to the app (`AppModel.open(url:)`, which routes it and
  /// loads on the way), and shows where it went.
  private func followArrivedLinks(_ model: AppModel) async {
    while !journey.arrivedLinks.isEmpty {
      let url = journey.arrivedLinks.removeFirst()
      let before = (model.navigation.explore.details, model.navigation.allowedOrientations)
      var opened = false
      await track { opened = await model.open(url: url) }
      guard opened else {
        world.note("navigation: \(url.absoluteString) is not a Spacer link; nothing changes")
        continue
      }
      await showNavigation(model, exploreBefore: before.0, orientationsBefore: before.1)
    }
  }

  /// The views follow the navigation state after a link or a notification: the root view asks
  /// the system for the orientation change (`RootView`'s `OrientationFollowing`: a link closing the
  /// viewer turns the phone upright), the tab shown (its screen appears; the one that went away
  /// ends its `.task`s), a sheet the link closed, and a day detail pushed on Explore, or the one on
  /// top replaced by a new opening (the app loaded the day on the way; the detail reads it).
  private func showNavigation(
    _ model: AppModel, exploreBefore before: DetailStack, orientationsBefore: InterfaceOrientations
  ) async {
    let navigation = model.navigation
    asked(OrientationChange(from: orientationsBefore, to: navigation.allowedOrientations))
    let tab = JourneyTab(rawValue: navigation.tab.rawValue) ?? .today
    let tabChanged = tab != journey.tab
    if tabChanged {
      for task in journey.viewTasks.removeValue(forKey: journey.tab) ?? [] { task.cancel() }
    }
    journey.tab = tab
    if navigation.sheet == nil { journey.viewerOpen = false }
    switch tab {
    case .today:
      if tabChanged { await trackView { await model.today.load() } }
    case .explore:
      // The detail view starts afresh for a new opening on top (its identity is the entry's id);
      // the same entry stays as it is, swipes and all.
      let stack = navigation.explore.details
      guard let entry = stack.entries.last,
        entry.id != before.entries.last?.id || journey.details[.explore]?.isEmpty != false
      else { return }
      let day = entry.opened
      // The detail pushed shows its day as the app's does (`ExploreModel.detail(for:)`: the
      // app loaded it on the way, so it is read from the device).
      var shown: PickedDay = .loading(day)
      await trackView { shown = await model.explore.detail(for: day) }
      guard case .loaded(let result) = shown else {
        return world.note("explore: \(day.iso) could not be shown: \(Self.describe(shown))")
      }
      var shownDetails = journey.details[.explore] ?? []
      if shownDetails.count >= stack.entries.count, !shownDetails.isEmpty { shownDetails.removeLast() }
      shownDetails.append(model.details.swiper(from: result.apod, in: entry.id))
      journey.details[.explore] = shownDetails
    case .favorites, .profile:
      return
    }
  }

  /// Runs `work` as a `.task` of a view on the tab shown: tracked like any work, and cancelled
  /// when that tab goes away.
  private func trackView(_ work: @escaping () async -> Void) async {
    var handle: Task<Void, Never>?
    await track(
      { work },
      started: { handle = $0 })
    if let handle { journey.viewTasks[journey.tab, default: []].append(handle) }
  }

  /// The detail just pushed on Explore shows `apod`, swiping as its stack entry (as
  /// `ExploreDayDetail` makes it: `DayDetails.swiper(from:in:)`).
  private func pushDetail(_ apod: APOD, openedOn day: APODDay, _ model: AppModel) {
    guard let entry = model.navigation.detail(on: .explore, openedOn: day) else {
      return fail("the navigation pushed no detail for \(day.iso)")
    }
    journey.details[.explore, default: []].append(model.details.swiper(from: apod, in: entry.id))
  }

  /// The day detail in front: the top one pushed on the tab shown, the favorite's full day once
  /// its detail shows it (swiping as its stack entry, as `FavoriteDetailView` makes it), or
  /// Today's picture.
  func detailInFront(_ model: AppModel) -> DaySwipeModel? {
    if let top = journey.details[journey.tab]?.last { return top }
    if journey.tab == .favorites {
      if let swiper = journey.favoriteSwiper { return swiper }
      guard let detail = journey.favoriteDetail, case .full(let apod) = detail.state,
        let entry = model.navigation.detail(on: .favorites, openedOn: detail.favorite.date)
      else { return nil }
      let swiper = model.details.swiper(from: apod, in: entry.id)
      journey.favoriteSwiper = swiper
      return swiper
    }
    guard journey.tab == .today, case .loaded(let content) = model.today.state else { return nil }
    if let today = journey.todayDetail, today.origin == content.apod.date { return today.swiper }
    let swiper = model.details.swiper(from: content.apod)
    journey.todayDetail = (content.apod.date, swiper)
    return swiper
  }

  // MARK: - Screen expectations

  func checkScreen(_ expect: ScreenExpectation) async {
    guard !expect.isEmpty else { return }
    guard let model else { return fail("the screen cannot be checked: the app is not running") }
    if let today = expect.today {
      check("today", today, Self.shown(model.today.state, status: model.today.statusMessage))
    }
    if let detail = expect.detail {
      check("detail", detail, detailInFront(model).map { Self.shown($0.page) } ?? .nothing)
    }
    if let explore = expect.explore { check(explore, model.explore) }
    if let search = expect.search { check(search, model.search) }
    if let hd = expect.hd {
      let actual = journey.viewer.map { Self.hd($0.phase) } ?? .notRequested
      compareScreen("hd", hd.rawValue, actual.rawValue)
    }
    let navigation = model.navigation
    if let orientation = expect.orientation {
      // Orientation follows the navigation state (issue 21): the sheet in front decides.
      let actual: OrientationExpectation = navigation.allowedOrientations == .portrait ? .portrait : .rotates
      compareScreen("orientation", orientation.rawValue, actual.rawValue)
    }
    if let asked = expect.orientationAsked {
      compareScreen("orientationAsked", asked, journey.orientationAsked ?? "none")
    }
    if let expected = expect.serverRequests, let apod {
      compareScreen("serverRequests", "\(expected)", "\(await apod.serverRequests())")
    }
    if let expected = expect.favoriteDetail { check(expected, journey.favoriteDetail) }
    if let tab = expect.tab { compareScreen("tab", tab.rawValue, navigation.tab.rawValue) }
    if let path = expect.explorePath {
      compareScreen(
        "explorePath", "[\(path.joined(separator: ", "))]",
        "[\(navigation.explore.shown.map(\.iso).joined(separator: ", "))]")
    }
    if let sheet = expect.sheet {
      let actual =
        switch navigation.sheet {
        case nil: "none"
        case .viewer: "viewer"
        case .video: "video"
        case .share: "share"
        }
      compareScreen("sheet", sheet, actual)
    }
    if let path = expect.favoritesPath {
      compareScreen(
        "favoritesPath", "[\(path.joined(separator: ", "))]",
        "[\(navigation.favorites.shown.map(\.iso).joined(separator: ", "))]")
    }
    if let title = expect.messageTitle {
      compareScreen("messageTitle", title, navigation.message?.title ?? "none")
    }
    if let added = expect.photosAdded, let apod {
      compareScreen("photosAdded", "\(added)", "\(apod.photos.count)")
    }
    if let expected = expect.savedDays, let apod {
      let saved = await apod.repository.savedAPODs().map(\.date.iso).sorted()
      compareScreen("savedDays", expected.joined(separator: ", "), saved.joined(separator: ", "))
    }
  }

  private func compareScreen(_ name: String, _ expected: String, _ actual: String) {
    if expected == actual {
      passed("\(name) = \(expected)")
    } else {
      fail("expected \(name) \(expected), got \(actual)")
    }
  }

  /// What a content screen shows, in the expectation's terms.
  struct Shown {
    var date: String?
    var title: String?
    var hero: String?
    var status: String?
    var failure: String?
    var loading = false
    var isShown = true

    static let nothing = Shown(isShown: false)

    var summary: String {
      guard isShown else { return "nothing" }
      if let failure { return "\(date.map { "\($0): " } ?? "")failed: \(failure)" }
      if loading { return "\(date ?? "…") loading" }
      return [date, title.map { "“\($0)”" }, hero, status.map { "[\($0)]" }].compactMap { $0 }.joined(
        separator: " ")
    }
  }

  private func check(_ name: String, _ expected: ContentExpectation, _ shown: Shown) {
    var problems: [String] = []
    if let wanted = expected.shown, wanted != shown.isShown {
      problems.append(wanted ? "something" : "nothing")
    }
    if let date = expected.date, date != shown.date { problems.append("date \(date)") }
    if let title = expected.titleContains, shown.title?.contains(title) != true {
      problems.append("a title containing “\(title)”")
    }
    if let hero = expected.hero, hero != shown.hero {
      problems.append("\(hero == "image" ? "an" : "a") \(hero) at the top")
    }
    if let status = expected.statusContains {
      let met = status == "none" ? shown.status == nil : shown.status?.contains(status) == true
      if !met {
        problems.append(status == "none" ? "no status line" : "a status line containing “\(status)”")
      }
    }
    if let failure = expected.failedContains, shown.failure?.contains(failure) != true {
      problems.append("a failure containing “\(failure)”")
    }
    if let loading = expected.loading, loading != shown.loading {
      problems.append(loading ? "loading" : "not loading")
    }
    if problems.isEmpty {
      passed("\(name) shows \(shown.summary)")
    } else {
      fail("expected \(name) to show \(problems.joined(separator: ", ")); it shows \(shown.summary)")
    }
  }

  private func check(_ expected: ExploreExpectation, _ explore: ExploreModel) {
    var problems: [String] = []
    var summary = ""
    switch explore.state {
    case .idle: summary = "nothing"
    case .loading: summary = "loading"
    case .failed(let message):
      summary = "failed: \(message)"
      if let failure = expected.failedContains, !message.contains(failure) {
        problems.append("a failure containing “\(failure)”")
      }
    case .loaded(let content):
      summary =
        "\(content.items.count) days, newest \(content.items.first?.date.iso ?? "none")"
        + (explore.statusMessage.map { " [\($0)]" } ?? "")
        + (content.picked.map { "; picked \(Self.describe($0))" } ?? "")
    }
    let content: ExploreContent? = if case .loaded(let content) = explore.state { content } else { nil }
    if let count = expected.count, content?.items.count != count { problems.append("\(count) days") }
    if let newest = expected.newest, content?.items.first?.date.iso != newest {
      problems.append("newest \(newest)")
    }
    if let status = expected.statusContains {
      let met =
        status == "none" ? explore.statusMessage == nil : explore.statusMessage?.contains(status) == true
      if !met {
        problems.append(status == "none" ? "no status line" : "a status line containing “\(status)”")
      }
    }
    if expected.failedContains != nil, content != nil { problems.append("a failure") }
    if let picked = expected.picked {
      guard case .loaded(let result)? = content?.picked, result.apod.date.iso == picked else {
        problems.append("\(picked) picked and shown")
        return finish()
      }
    }
    if let failure = expected.pickedFailedContains {
      guard case .failed(_, let message)? = content?.picked, message.contains(failure) else {
        problems.append("the picked day failed with “\(failure)”")
        return finish()
      }
    }
    finish()
    func finish() {
      if problems.isEmpty {
        passed("explore shows \(summary)")
      } else {
        fail("expected explore to show \(problems.joined(separator: ", ")); it shows \(summary)")
      }
    }
  }

  private func check(_ expected: FavoriteDetailExpectation, _ detail: FavoriteDetailModel?) {
    guard let detail else { return fail("expected a favorite's detail, none is open") }
    let full: Bool = if case .full = detail.state { true } else { false }
    let summary =
      "\(detail.favorite.date.iso), \(full ? "the full day" : "the summary")"
      + (detail.note.map { " [\($0)]" } ?? "")
    var problems: [String] = []
    if let date = expected.date, date != detail.favorite.date.iso { problems.append("date \(date)") }
    if let wanted = expected.full, wanted != full { problems.append(wanted ? "the full day" : "the summary") }
    if let note = expected.noteContains {
      let met = note == "none" ? detail.note == nil : detail.note?.contains(note) == true
      if !met { problems.append(note == "none" ? "no note" : "a note containing “\(note)”") }
    }
    if problems.isEmpty {
      passed("favorite detail shows \(summary)")
    } else {
      fail("expected the favorite's detail to show \(problems.joined(separator: ", ")); it shows \(summary)")
    }
  }

  private func check(_ expected: SearchExpectation, _ search: ExploreSearchModel) {
    let days: [String]? = if case .found(let hits) = search.results { hits.map(\.day.iso) } else { nil }
    let summary =
      switch search.results {
      case .inactive: "no search"
      case .searching: "searching"
      case .found(let hits): hits.isEmpty ? "no results" : hits.map(\.day.iso).joined(separator: ", ")
      }
    if let results = expected.results {
      if days == results {
        passed("search results = \(results.isEmpty ? "none" : results.joined(separator: ", "))")
      } else {
        fail(
          "expected search results \(results.isEmpty ? "none" : results.joined(separator: ", ")), got \(summary)"
        )
      }
    }
    if let message = expected.messageContains {
      if search.noResultsMessage?.contains(message) == true {
        passed("search says “\(message)”")
      } else {
        fail(
          "expected the search to say “\(message)”, it says \(search.noResultsMessage.map { "“\($0)”" } ?? "nothing")"
        )
      }
    }
  }

  static func shown<Content>(_ state: ScreenState<Content>, status: String?) -> Shown
  where Content: TodayLike {
    switch state {
    case .idle: .nothing
    case .loading: Shown(loading: true)
    case .failed(let message): Shown(failure: message)
    case .loaded(let content):
      Shown(
        date: content.apod.date.iso, title: content.apod.title, hero: heroName(content.apod), status: status,
        loading: content.isRefreshing)
    }
  }

  static func shown(_ page: DaySwipeModel.Page) -> Shown {
    switch page {
    case .loading(let day): Shown(date: day.iso, loading: true)
    case .loaded(let apod): Shown(date: apod.date.iso, title: apod.title, hero: heroName(apod))
    case .failed(let day, let message): Shown(date: day.iso, failure: message)
    }
  }

  static func heroName(_ apod: APOD) -> String {
    switch apod.hero {
    case .image: "image"
    case .video: "video"
    case .link: "link"
    }
  }

  static func hd(_ phase: ProgressiveImageModel.Phase) -> HDExpectation {
    switch phase {
    case .full: .loaded
    case .idle, .loading, .preview(_, hd: .loading): .loading
    case .failed: .noImage
    case .preview(_, hd: .failed): .failed
    case .preview(_, hd: .notRequested): .notRequested
    case .preview(_, hd: .released): .released
    }
  }

  static func describe(_ picked: PickedDay) -> String {
    switch picked {
    case .loading(let day): "\(day.iso) loading"
    case .loaded(let result): "\(result.apod.date.iso) “\(result.apod.title)”"
    case .failed(let day, let message): "\(day.iso) failed: \(message)"
    }
  }
}

/// Content with one APOD on top (Today's).
protocol TodayLike: RefreshableContent {
  var apod: APOD { get }
}

extension TodayContent: TodayLike {}
