import Foundation
import ScenarioSimulator
import Testing

@Suite("Journey format: a bad step or expectation names the file, the step and the field")
struct JourneyDecodingTests {
  @Test func unknownJourneyActionNamesTheStepAndListsTheJourneyActions() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "launch" }, { "do": "selectTab", "tab": "explore" }, { "do": "openDya", "date": "2026-02-01" } ] }"#,
        file: "journey.json"))
    #expect(message.hasPrefix("journey.json: malformed scenario: at steps[2]"))
    #expect(message.contains("unknown action 'openDya'"))
    #expect(message.contains("journey actions: selectTab, refresh, openDay"))
  }

  @Test func misspeltScreenFieldNamesTheExpectation() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "launch" }, { "expect": { "detail": { "dat": "2026-02-01" } } } ] }"#
      ))
    #expect(message.contains("steps[1]"))
    #expect(message.contains("unknown field 'dat' in expect.detail"))
  }

  @Test func unknownScreenValueListsTheAllowedOnes() throws {
    let message = try #require(
      problem(#"{ "name": "x", "start": { "apod": {} }, "steps": [ { "expect": { "hd": "sharp" } } ] }"#))
    #expect(message.contains("steps[0].expect.hd"))
    #expect(
      message.contains("'sharp' is not one of loaded, loading, failed, notRequested, released, noImage"))
  }

  @Test func unknownTabListsTheTabs() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "selectTab", "tab": "settings" } ] }"#))
    #expect(message.contains("steps[0].tab"))
    #expect(message.contains("'settings' is not one of today, explore, favorites, profile"))
  }

  @Test func aDateThatIsNoDayIsRefused() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "openDay", "date": "2026-02-30" } ] }"#))
    #expect(message.contains("steps[0].date"))
    #expect(message.contains("'2026-02-30' is not an APOD date"))
  }

  @Test func aStepFieldTheActionDoesNotTakeIsRefused() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "openViewer", "date": "2026-02-01" } ] }"#
      ))
    #expect(message.contains("unknown field 'date' in step 'openViewer'"))
  }

  @Test func saveToPhotosWithoutThePermissionAnswerIsRefused() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "launch" }, { "do": "saveToPhotos" } ] }"#
      ))
    #expect(message.contains("at steps[1].permission: missing required field 'permission'"))
  }

  @Test func anUnknownSwipeGestureListsTheGestures() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "swipe", "direction": "older", "gesture": "edge" } ] }"#
      ))
    #expect(message.contains("drag, leadingEdgeDrag, voiceOver"))
  }

  /// Today has no stack (its picture does not swipe between days): the old field is refused.
  @Test func aTodayStackExpectationIsRefused() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "expect": { "todayStack": "root" } } ] }"#))
    #expect(message.contains("unknown field 'todayStack'"))
  }

  @Test func aJourneyStepWithoutTheAPODWorldIsRefusedNamingTheStep() throws {
    let message = try #require(
      problem(#"{ "name": "x", "steps": [ { "do": "launch" }, { "do": "openViewer" } ] }"#))
    #expect(message.contains("at steps[1]"))
    #expect(message.contains("needs the APOD world: add \"apod\": {} to \"start\""))
  }

  @Test func aScreenExpectationWithoutTheAPODWorldIsRefused() throws {
    let message = try #require(
      problem(#"{ "name": "x", "steps": [], "expect": { "orientation": "portrait" } }"#))
    #expect(message.contains("at expect"))
    #expect(message.contains("needs the APOD world"))
  }

  @Test func aSlowServerHoldsForSomeTime() throws {
    let message = try #require(
      problem(#"{ "name": "x", "start": { "apod": { "slow": "0s" } }, "steps": [] }"#))
    #expect(message.contains("start.apod.slow"))
    #expect(message.contains("must be more than 0s"))
    #expect(problem(#"{ "name": "x", "start": { "apod": { "slow": "20s" } }, "steps": [] }"#) == nil)
  }

  @Test func setServerNamesItsBehavioursAndTheFieldsEachTakes() throws {
    func setServer(_ fields: String) -> String? {
      problem(#"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "setServer", \#(fields) } ] }"#)
    }
    let missing = try #require(setServer(#""by": "5s""#))
    #expect(missing.contains("setServer needs \"behaviour\": one of normal, slow, rateLimited, wrongDay"))
    let notSlow = try #require(setServer(#""behaviour": "slow", "by": "0s""#))
    #expect(notSlow.contains("steps[0].by"))
    #expect(notSlow.contains("must be more than 0s"))
    let wrongField = try #require(setServer(#""behaviour": "rateLimited", "by": "30m""#))
    #expect(wrongField.contains("unknown field 'by' in step 'setServer' (rateLimited)"))
    #expect(
      setServer(#""behaviour": "wrongDay""#)?.contains("steps[0].date: missing required field 'date'") == true
    )
    #expect(setServer(#""behaviour": "rateLimited", "retryAfter": "30m""#) == nil)
    #expect(setServer(#""behaviour": "normal""#) == nil)
  }

  @Test func setReminderNeedsAChoiceAndATimeOfDay() throws {
    func setReminder(_ fields: String) -> String? {
      problem(#"{ "name": "x", "start": { "apod": {} }, "steps": [ { "do": "setReminder"\#(fields) } ] }"#)
    }
    #expect(setReminder("")?.contains("setReminder needs \"on\" or \"time\"") == true)
    #expect(setReminder(#", "time": "8h30""#)?.contains("'8h30' is not a time of day: use HH:MM") == true)
    #expect(setReminder(#", "on": true, "permission": "restricted""#)?.contains("granted or denied") == true)
    #expect(setReminder(#", "on": true, "time": "07:30", "permission": "denied""#) == nil)
  }

  @Test func aWidgetExpectationNamesWhatTheWidgetCanShow() throws {
    let message = try #require(
      problem(
        #"{ "name": "x", "start": { "apod": {} }, "steps": [ { "expect": { "widget": { "shows": "image" } } } ] }"#
      ))
    #expect(message.contains("'image' is not one of picture, placeholder, openTheApp"))
  }

  @Test func anUnknownAPODWorldFieldIsRefused() throws {
    let message = try #require(
      problem(#"{ "name": "x", "start": { "apod": { "slowly": "5s" } }, "steps": [] }"#))
    #expect(message.contains("unknown field 'slowly' in start.apod"))
  }
}

@Suite("Journeys run against the demo server through the app's own stack")
@MainActor
struct JourneyRunTests {
  @Test func aWrongScreenExpectationFailsWithWhatTheScreenShows() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "apod": {} },
        "steps": [ { "do": "launch" }, { "expect": { "today": { "date": "2026-02-01" }, "orientation": "rotates" } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(
      report.failures == [
        "step 2: expected today to show date 2026-02-01; it shows 2026-03-01 “Sample Sky 2026-03-01 & Friends (sample data)” image",
        "step 2: expected orientation rotates, got portrait",
      ])
  }

  @Test func aSlowServerParksTheLoadUntilTheClockMovesOn() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "apod": { "slow": "10s" } },
        "steps": [ { "do": "launch" }, { "expect": { "today": { "loading": true }, "serverRequests": 1 } },
                   { "do": "advanceTime", "by": "9s" }, { "expect": { "today": { "loading": true } } },
                   { "do": "advanceTime", "by": "1s" }, { "expect": { "today": { "date": "2026-03-01", "loading": false } } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(report.failures == [], "\(report.transcript.joined(separator: "\n"))")
  }

  /// A view's load is cancelled (a tab switch) while the slow server holds its answer; the view
  /// comes back and loads again. The old answer still held stands for no request: the step waits
  /// until the new request has reached the server, and the clock then brings its answer.
  @Test func anAnswerHeldForACancelledRequestDoesNotParkTheNextRequest() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "subscriptions": [{ "product": "spacer.premium.monthly" }], "apod": { "slow": "5s" } },
        "steps": [ { "do": "launch" }, { "do": "advanceTime", "by": "5s" },
                   { "do": "saveFavorite", "date": "2026-01-05" }, { "do": "selectTab", "tab": "favorites" },
                   { "do": "openFavorite", "date": "2026-01-05" }, { "expect": { "serverRequests": 2 } },
                   { "do": "selectTab", "tab": "today" }, { "do": "selectTab", "tab": "favorites" },
                   { "expect": { "serverRequests": 3, "favoriteDetail": { "full": false } } },
                   { "do": "advanceTime", "by": "5s" }, { "expect": { "favoriteDetail": { "full": true } } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(report.failures == [], "\(report.transcript.joined(separator: "\n"))")
  }

  @Test func theWidgetIsCheckedOnlyAfterItWasAskedAndWhileTheAppIsNotRunning() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "apod": {} },
        "steps": [ { "expect": { "widget": { "shows": "openTheApp" } } }, { "do": "widgetReloads" },
                   { "expect": { "widget": { "shows": "openTheApp", "fetched": true } } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(
      report.failures == [
        "step 1: the widget has not been asked for a timeline (add a widgetReloads step)",
        "step 3: expected the widget to show openTheApp; it shows 2026-03-01 “Sample Sky 2026-03-01 & Friends (sample data)” with its picture, asked NASA first",
      ])
  }

  @Test func aStepThatCannotHappenFailsTheScenario() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "apod": {} },
        "steps": [ { "do": "launch" }, { "do": "closeViewer" }, { "do": "openResult", "date": "2026-02-01" } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(
      report.failures == [
        "step 2: the viewer is not open", "step 3: 2026-02-01 is not among the search results",
      ])
  }

  /// Today's picture does not swipe between days in the app (its viewer does), nor in a journey;
  /// Today has nothing to go back from.
  @Test func aSwipeOrBackOnTodayIsAStepError() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "apod": {} },
        "steps": [ { "do": "launch" }, { "do": "swipe", "direction": "older" }, { "do": "back" },
                   { "expect": { "today": { "date": "2026-03-01" } } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(
      report.failures == [
        "step 2: Today's picture does not swipe between days (its viewer does; open a day on Explore)",
        "step 3: nothing to go back from on the today tab",
      ])
  }

  @Test func aColdLaunchOfARunningAppAndClosingWhatIsNotOpenAreStepErrors() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "apod": {} },
        "steps": [ { "do": "launch" }, { "do": "coldLaunchWithLink", "url": "spacer://today" },
                   { "do": "closeVideo" }, { "do": "closeShare" }, { "do": "playVideo" } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(
      report.failures == [
        "step 2: the app is already running (a link to a running app is openLink; quit first)",
        "step 3: no video is playing", "step 4: the share sheet is not open",
        "step 5: 2026-03-01 has no video to play (its top is image)",
      ])
  }

  @Test func aDayTheServerCannotGiveBeforeLaunchFailsTheSetUp() async throws {
    let scenario = try decode(
      #"{ "name": "x", "start": { "apod": { "wrongDay": "2026-02-20", "saved": ["2026-02-27"] } }, "steps": [] }"#
    )
    let report = await ScenarioRunner().run(scenario)
    #expect(report.failures.count == 1)
    #expect(
      report.failures.first?.contains("start.apod: could not save 2026-02-27 before the first frame") == true)
  }
}
