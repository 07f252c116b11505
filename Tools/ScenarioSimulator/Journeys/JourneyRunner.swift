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
import WidgetCore

/// What the user has in front of them, as a journey drove the screens. Where the user is (the
/// tab, each tab's stack, the sheet, the messages, the orientation) is the app's own state,
/// `AppModel.navigation`, changed through the app's own calls. The runner plays the user's
/// gestures; what is on screen follows from the navigation state (`AppNavigation.onScreen`), and
/// each view that appears or goes away makes the call its hook makes (`ScreenMoments`). The
/// runner keeps what a view would hold (its detail's models, the card's image model) and every
/// decision is the models'.
@MainActor
final class JourneyState {
  /// The views on screen and what they hold (`ScreenMoments`).
  var screen = ShownViews()
  /// The viewer's image model: the open viewer's, or the last one that closed.
  var viewer: ProgressiveImageModel?
  /// The sheet as its view presented it (the day it opened on): the view reports its close so.
  var presented: Sheet?
  var inBackground = false
  /// What the last journey step asked the system about orientation (the navigation's answer at
  /// the state change), nil when it asked nothing.
  var orientationAsked: String?
  /// The process's link inbox (`LinkInbox.shared` in the app): a link that arrives before the app's
  /// model is attached waits here.
  var links = LinkInbox()
  /// Links the inbox handed over, not yet followed.
  var arrivedLinks: [URL] = []
  /// The process's notification tap inbox (the app's notification delegate's).
  var taps = NotificationTapInbox()
  /// The widget's last timeline (its process outlives the app's).
  var widget: WidgetTimelineLoader.Outcome?
  /// The last reminder the system delivered (it stays in Notification Centre across processes).
  var delivered: NotificationTap?
  /// Whether the damaged favorites store was announced (once: the next start opens a fresh store).
  var favoritesStoreAnnounced = false

  /// A new process: nothing on screen yet.
  func reset() {
    screen.endAll()
    screen = ShownViews()
    viewer = nil
    presented = nil
    inBackground = false
    orientationAsked = nil
    links = LinkInbox()
    arrivedLinks = []
    taps = NotificationTapInbox()
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
  /// now, once), the screens on screen appear, and the links that arrived are followed.
  func firstScreenAppears() async {
    guard apod != nil, let model else { return }
    let taps = journey.taps
    await track { await taps.attach { [weak model] tap in await model?.openNotification(tap) } }
    journey.links.attach { [weak self] url in self?.journey.arrivedLinks.append(url) }
    await screenFollows(model)
    await followArrivedLinks(model)
  }

  func performJourney(_ step: JourneyStep) async {
    // The world's and the widget's, not the app's: also while the app is not running.
    switch step {
    case .setServer(let behaviour):
      await apod?.setServer(behaviour)
      return
    case .widgetReloads:
      await widgetReloads()
      return
    case .setNotificationsAllowed(let allowed):
      await content.notificationCenter.setStatus(allowed ? .authorized : .denied)
      return
    case .ringReminder:
      await ringReminder()
      return
    default: break
    }
    switch step {
    case .coldLaunchWithLink, .coldLaunchWithNotification:
      // After a quit, the link or the tap starts a new process.
      if model == nil { openApp() }
    default: break
    }
    guard let model = runningModel() else { return }
    journey.orientationAsked = nil
    let orientationsBefore = model.navigation.allowedOrientations
    await perform(step, model)
    // The root view follows the navigation's orientations wherever they changed (a link closing
    // the viewer); a view closing its sheet asked already.
    if journey.orientationAsked == nil {
      asked(OrientationChange(from: orientationsBefore, to: model.navigation.allowedOrientations))
    }
    await screenFollows(model)
  }

  private func perform(_ step: JourneyStep, _ model: AppModel) async {
    let navigation = model.navigation
    switch step {
    case .selectTab(let tab):
      navigation.select(AppTab(rawValue: tab.rawValue) ?? .today)
    case .refresh:
      switch navigation.tab {
      case .today: await track { await model.today.refresh() }
      case .explore: await track { await model.explore.refresh() }
      case .favorites, .profile: fail("the \(navigation.tab.rawValue) tab has no pull to refresh")
      }
    case .openDay(let day):
      guard navigation.tab == .explore else {
        return fail("the date picker is on the Explore tab (select it first)")
      }
      await track { await model.explore.loadDay(day) }
      guard case .loaded(let content) = model.explore.state, let picked = content.picked else {
        return fail("Explore shows no list to pick a day in")
      }
      if case .loaded = picked {
        navigation.openDay(day)
      } else {
        world.note("explore: the picked day shows \(Self.describe(picked))")
      }
    case .tapCell(let day):
      guard navigation.tab == .explore, navigation.explore.root == .grid, navigation.explore.details.isEmpty
      else {
        return fail("Explore's grid is not on screen")
      }
      guard case .loaded(let content) = model.explore.state, content.items.contains(where: { $0.date == day })
      else {
        return fail("\(day.iso) has no cell in Explore's grid")
      }
      navigation.openDay(day)
    case .search(let query, let filter):
      guard navigation.tab == .explore else { return fail("search is on the Explore tab (select it first)") }
      if let filter { await track { await model.search.setFilter(filter) } }
      await track { await model.search.search(query) }
    case .openResult(let day):
      guard case .found(let hits) = model.search.results, hits.contains(where: { $0.day == day }) else {
        return fail("\(day.iso) is not among the search results")
      }
      var found: APOD?
      await track { found = await model.search.apod(for: day) }
      guard found != nil else {
        return fail("the result \(day.iso) could not be opened (its saved file is gone)")
      }
      navigation.openDay(day)
    case .swipe(let direction, let gesture):
      await swipe(direction, gesture, model)
    case .openViewer:
      guard let card = journey.screen.cardInFront, let image = card.image else {
        return fail("no picture is in front to open in the viewer")
      }
      present(.viewer(card.day), model)
      journey.viewer = image
    case .closeViewer:
      guard case .viewer? = navigation.sheet else { return fail("the viewer is not open") }
      // The close begins: the viewer reports it first (portrait is asked before the dismissal
      // animates); the viewer going away lets its HD picture go.
      closePresented(model)
    case .retryHD:
      guard case .viewer? = navigation.sheet, let image = journey.viewer else {
        return fail("the viewer is not open")
      }
      guard image.phase.offersHDRetry else { return fail("the viewer offers no HD retry") }
      await track { await image.retry() }
    case .playVideo:
      guard let apod = apodInFront(model) else { return fail("no loaded day is in front to play") }
      guard case .video = apod.hero else {
        return fail("\(apod.date.iso) has no video to play (its top is \(Self.heroName(apod)))")
      }
      present(.video(apod.date), model)
    case .closeVideo:
      guard case .video? = navigation.sheet else { return fail("no video is playing") }
      closePresented(model)
    case .share:
      await share(model)
    case .closeShare:
      guard case .share? = navigation.sheet else { return fail("the share sheet is not open") }
      closePresented(model)
    case .saveToPhotos(let permission):
      await saveToPhotos(answering: permission, model)
    case .back:
      guard navigation.onScreen.detail != nil else {
        return fail("nothing to go back from on the \(navigation.tab.rawValue) tab")
      }
      // The navigation stack reports its new path, the days its details were opened on.
      let path: [APODDay] = navigation.tab == .explore ? navigation.explore.path : navigation.favorites.path
      navigation.stackMoved(on: navigation.tab, to: Array(path.dropLast()))
    case .background:
      journey.inBackground = true
      await track { await model.scenePhaseDidChange(to: .background) }
    case .openFavorite(let day):
      guard navigation.tab == .favorites else {
        return fail("favorites are on the Favorites tab (select it first)")
      }
      guard case .loaded(let favorites) = model.favorites.state, favorites.contains(where: { $0.date == day })
      else {
        return fail("\(day.iso) is not in the Favorites list")
      }
      navigation.openFavorite(day)
    case .toggleHeart:
      guard let apod = apodInFront(model) else { return fail("no loaded day is in front to favorite") }
      await track { _ = await model.heart.toggle(apod) }
    case .openLink(let text):
      guard let url = URL(string: text) else { return fail("'\(text)' is not a URL") }
      journey.links.deliver(url)
      await followArrivedLinks(model)
    case .tapWidget(let day):
      journey.links.deliver(DeepLink.url(for: .day(day)))
      await followArrivedLinks(model)
    case .coldLaunchWithLink(let text):
      guard let url = URL(string: text) else { return fail("'\(text)' is not a URL") }
      await coldLaunch(model, "link: \(url.absoluteString) waits for the app (LinkInbox)") {
        self.journey.links.deliver(url)
      }
    case .coldLaunchWithNotification(let name, let delivered):
      guard let tap = notificationTap(name, delivered) else { return }
      await coldLaunch(model, "notification: '\(tap.requestIdentifier)' waits for the app") {
        await self.journey.taps.received(tap)
      }
    case .setServer, .widgetReloads, .setNotificationsAllowed, .ringReminder: break
    case .setReminder(let on, let time, let granted):
      guard navigation.tab == .profile else {
        return fail("the reminder is on the Profile tab (select it first)")
      }
      let reminder = model.profile.reminder
      await content.notificationCenter.setAnswersPromptWith(granted)
      // As Profile's picker and toggle: each starts its work, which the step waits for.
      if let time {
        reminder.chooseTime(hour: time.hour, minute: time.minute)
        if let error = reminder.timeError { world.note("reminder: \(error)") }
        await track { await reminder.pendingTimeChange?.value }
      }
      if let on {
        reminder.isEnabled = on
        await track { await reminder.pendingToggle?.value }
      }
      world.note(
        "reminder: \(reminder.isEnabled ? "on" : "off") at "
          + String(format: "%02d:%02d", reminder.settings.hour, reminder.settings.minute)
          + (reminder.status.message.map { ": \($0)" } ?? ""))
    case .tapNotification(let name, let delivered):
      guard let tap = notificationTap(name, delivered) else { return }
      let taps = journey.taps
      await track { await taps.received(tap) }
    }
  }

  /// As `WidgetEnvironment.current(size:options:)`: the loader's timeline for today's picture.
  private func widgetReloads() async {
    guard let apod else { return }
    var outcome: WidgetTimelineLoader.Outcome?
    await track { outcome = await apod.widget.load(options: WidgetOptions(), shelf: apod.widgetShelf) }
    journey.widget = outcome
    if let outcome {
      world.note(
        "widget: \(Self.describe(outcome.entry)); \(outcome.triedToFetch ? "asked NASA first" : "asked nothing")"
      )
    }
  }

  static func describe(_ entry: WidgetTimelinePolicy.Entry) -> String {
    switch entry {
    case .picture(let day, let title, _): "\(day.iso) “\(title)” with its picture"
    case .placeholder(let day, let title): "\(day.iso) “\(title)” without a picture"
    case .openTheApp: "open the app"
    }
  }

  private func check(_ expected: WidgetExpectation) {
    guard let outcome = journey.widget else {
      return fail("the widget has not been asked for a timeline (add a widgetReloads step)")
    }
    let (day, title, shows): (APODDay?, String?, String) =
      switch outcome.entry {
      case .picture(let day, let title, _): (day, title, "picture")
      case .placeholder(let day, let title): (day, title, "placeholder")
      case .openTheApp: (nil, nil, "openTheApp")
      }
    var problems: [String] = []
    if let date = expected.date, date != day?.iso { problems.append("date \(date)") }
    if let text = expected.titleContains, title?.contains(text) != true {
      problems.append("a title containing “\(text)”")
    }
    if let wanted = expected.shows, wanted != shows { problems.append(wanted) }
    if let fetched = expected.fetched, fetched != outcome.triedToFetch {
      problems.append(fetched ? "a reload that asked NASA" : "a reload that asked nothing")
    }
    let summary =
      Self.describe(outcome.entry) + (outcome.triedToFetch ? ", asked NASA first" : ", asked nothing")
    if problems.isEmpty {
      passed("widget shows \(summary)")
    } else {
      fail("expected the widget to show \(problems.joined(separator: ", ")); it shows \(summary)")
    }
  }

  private func notificationTap(_ name: String, _ delivered: ScenarioTime?) -> NotificationTap? {
    if name == "delivered" {
      guard let tap = journey.delivered else {
        fail("no reminder was delivered (add a ringReminder step)")
        return nil
      }
      return tap
    }
    return NotificationTap(
      requestIdentifier: name == "reminder" ? ReminderScheduler.requestIdentifier : name,
      deliveredAt: delivered?.resolve(from: scenario.start.now) ?? world.time.deviceNow())
  }

  /// The system rings the pending reminder request whose trigger comes first, in the phone's time
  /// zone (`ReminderRing`): the clock moves to it, and a one-time request is no longer pending.
  private func ringReminder() async {
    let center = content.notificationCenter
    let now = world.time.deviceNow()
    let rings = await center.pending.filter { ReminderPlan.identifiers.contains($0.identifier) }
      .compactMap { request in ReminderRing.next(request, after: now).map { (request, $0) } }
    guard let (request, ring) = rings.min(by: { $0.1 < $1.1 }) else { return fail("no reminder is pending") }
    world.advance(by: ring.timeIntervalSince(now))
    if request.trigger?.repeats == false {
      await center.removePendingRequests(withIdentifiers: [request.identifier])
    }
    journey.delivered = NotificationTap(requestIdentifier: request.identifier, deliveredAt: ring)
    world.note(
      "notification: “\(request.title)”: \(request.body) (\(request.identifier), \(ring.formatted(.iso8601)))"
    )
    await track {}
  }

  private func check(_ expected: ReminderExpectation, _ reminder: ReminderScheduler) async {
    let now = world.time.deviceNow()
    let pending = await content.notificationCenter.pending.filter {
      ReminderPlan.identifiers.contains($0.identifier)
    }
    let first = pending.compactMap { request in ReminderRing.next(request, after: now).map { (request, $0) } }
      .min { $0.1 < $1.1 }?.0
    let status =
      switch reminder.status {
      case .off: "off"
      case .requestingPermission: "requestingPermission"
      case .scheduled: "scheduled"
      case .permissionDenied: "permissionDenied"
      case .failed: "failed"
      }
    let message = reminder.status.message
    var problems: [String] = []
    if let on = expected.on, on != reminder.isEnabled { problems.append(on ? "on" : "off") }
    if let wanted = expected.status, wanted != status { problems.append(wanted) }
    if let text = expected.messageContains {
      let met = text == "none" ? message == nil : message?.contains(text) == true
      if !met { problems.append(text == "none" ? "no sentence" : "a sentence containing “\(text)”") }
    }
    if let count = expected.pending, count != pending.count { problems.append("\(count) pending requests") }
    if let text = expected.bodyContains, first?.body.contains(text) != true {
      problems.append("a first ring saying “\(text)”")
    }
    let summary =
      "\(reminder.isEnabled ? "on" : "off"), \(status)" + (message.map { " [\($0)]" } ?? "")
      + ", \(pending.count) pending" + (first.map { ", first rings “\($0.body)”" } ?? "")
    if problems.isEmpty {
      passed("reminder: \(summary)")
    } else {
      fail("expected the reminder \(problems.joined(separator: ", ")); it is \(summary)")
    }
  }

  /// The app is not running; `start` starts it (a link handed to the App level, a notification's
  /// response), then it launches and its first screen appears.
  private func coldLaunch(_ model: AppModel, _ note: String, start: () async -> Void) async {
    guard model.launchState == .notLaunched else {
      return fail("the app is already running (a link to a running app is openLink; quit first)")
    }
    world.note(note)
    await start()
    await track { await model.launch() }
    await firstScreenAppears()
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
    guard model.navigation.tab != .today else {
      return fail("Today's picture does not swipe between days (its viewer does; open a day on Explore)")
    }
    guard let swiper = journey.screen.detailInFront?.swiper else {
      return fail("no day detail is in front to swipe")
    }
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

  /// The day loaded in front: the detail on top of the tab shown, or Today's picture.
  func apodInFront(_ model: AppModel) -> APOD? {
    if let detail = journey.screen.detailInFront {
      guard case .loaded(let apod)? = detail.swiper?.page else { return nil }
      return apod
    }
    guard model.navigation.tab == .today, case .loaded(let content) = model.today.state else { return nil }
    return content.apod
  }

  /// Share as the detail's button does: a picture day's best picture the phone can have is fetched
  /// first (`PictureSources`, `PictureDownload`: the disk tier, else the picture server) and the
  /// share sheet is presented with it; a failure is
  /// told in the message queue instead (`DayDetails.shareFailed`). Any other day shares its page
  /// link through the system's `ShareLink`, which is no sheet of the app's state.
  private func share(_ model: AppModel) async {
    guard let apod, let day = apodInFront(model) else {
      return fail("no loaded day is in front to share")
    }
    guard case .picture(let sources, _) = ShareItem(day) else {
      return world.note("share: \(day.date.iso) shares its page link (the system's ShareLink)")
    }
    let pictures = PictureDownload(images: apod.images, downloader: apod.pictureDownloader)
    var outcome: Result<URL, ImagePipelineError>?
    await track {
      do throws(ImagePipelineError) {
        outcome = .success(
          try await sources.best { url throws(ImagePipelineError) in
            _ = try await pictures.picture(at: url)
            return url
          })
      } catch {
        outcome = .failure(error)
      }
    }
    switch outcome {
    case .failure(let error):
      model.details.shareFailed(error.message)
      world.note("share: the picture could not be prepared: \(error.message)")
    case .success(let url):
      world.note(
        "share: \(url == sources.urls.first ? "the best picture" : "a lesser picture, the best one not had")")
      present(.share(day.date), model)
    case nil: break
    }
  }

  /// Save to Photos as the detail's button does (`DayDetails.saveToPhotos`), with PhotoKit replaced:
  /// the permission answer is the scenario's, the picture's bytes come through `PictureDownload`
  /// (the pipeline's disk tier, else the picture server), and the library records what it gets.
  private func saveToPhotos(answering permission: PhotosPermission, _ model: AppModel) async {
    guard let apod, let day = apodInFront(model) else {
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
  /// loads on the way).
  private func followArrivedLinks(_ model: AppModel) async {
    while !journey.arrivedLinks.isEmpty {
      let url = journey.arrivedLinks.removeFirst()
      var opened = false
      await track { opened = await model.open(url: url) }
      if !opened { world.note("navigation: \(url.absoluteString) is not a Spacer link; nothing changes") }
    }
  }

  // MARK: - Screen expectations

  func checkScreen(_ expect: ScreenExpectation) async {
    guard !expect.isEmpty else { return }
    if let widget = expect.widget { check(widget) }
    var appScreen = expect
    appScreen.widget = nil
    guard !appScreen.isEmpty else { return }
    guard let model else { return fail("the screen cannot be checked: the app is not running") }
    if let today = expect.today {
      check("today", today, Self.shown(model.today.state, status: model.today.statusMessage))
    }
    if let detail = expect.detail { check("detail", detail, shownInFront(model)) }
    if let explore = expect.explore { check(explore, model.explore) }
    if let search = expect.search { check(search, model.search) }
    if let expected = expect.reminder { await check(expected, model.profile.reminder) }
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
    if let expected = expect.favoriteDetail {
      let top = model.navigation.favorites.details.entries.last
      check(expected, top.flatMap { journey.screen.details[$0.id]?.favorite })
    }
    if let card = expect.card {
      compareScreen(
        "card", card.rawValue,
        (journey.screen.cardInFront?.image.map { Self.card($0.phase) } ?? .none).rawValue)
    }
    if let heart = expect.heart {
      let actual = apodInFront(model).map { model.heart.isFavorite($0) ? "on" : "off" } ?? "none"
      compareScreen("heart", heart, actual)
    }
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
    if let text = expect.messageContains {
      let shown = navigation.message.map { "“\($0.text)”" } ?? "no message"
      if let message = navigation.message, message.text.contains(text) {
        passed("the message says “\(text)”")
      } else {
        fail("expected a message saying “\(text)”, got \(shown)")
      }
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

  /// What the card in front draws.
  static func card(_ phase: ProgressiveImageModel.Phase) -> CardExpectation {
    switch phase {
    case .idle, .loading: .loading
    case .preview: .preview
    case .full: .full
    case .failed: .failed
    }
  }

  /// What the detail in front shows: its day (swiping), else what its detail model says, or
  /// Today's picture.
  func shownInFront(_ model: AppModel) -> Shown {
    if let detail = journey.screen.detailInFront {
      if let swiper = detail.swiper { return Self.shown(swiper.page) }
      switch detail.explore?.shown {
      case .loading?: return Shown(date: detail.entry.opened.iso, loading: true)
      case .failed(let message)?: return Shown(date: detail.entry.opened.iso, failure: message)
      case .day?, nil: return .nothing
      }
    }
    guard model.navigation.tab == .today, case .loaded(let content) = model.today.state else {
      return .nothing
    }
    return Shown(date: content.apod.date.iso, title: content.apod.title, hero: Self.heroName(content.apod))
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
