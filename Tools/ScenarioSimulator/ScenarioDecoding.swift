import Favorites
import Foundation
import Monetization
import NASA
import TestSupport

// Strict decoding of the scenario format: unknown fields and unknown values are errors that name
// the field and list what is allowed, so a typo never silently weakens a scenario.

struct ScenarioKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

typealias ScenarioContainer = KeyedDecodingContainer<ScenarioKey>

extension KeyedDecodingContainer where Key == ScenarioKey {
  func allowOnly(_ allowed: [String], in what: String) throws {
    let unknown = allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
    guard unknown.isEmpty else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription:
            "unknown field \(unknown.map { "'\($0)'" }.joined(separator: ", ")) in \(what); "
            + "allowed: \(allowed.joined(separator: ", "))"))
    }
  }

  /// The object under `key`, or `nil` when the key is absent.
  func nested(_ key: String) throws -> ScenarioContainer? {
    guard contains(ScenarioKey(key)) else { return nil }
    return try nestedContainer(keyedBy: ScenarioKey.self, forKey: ScenarioKey(key))
  }

  func value<T: Decodable>(_ key: String) throws -> T {
    try decode(T.self, forKey: ScenarioKey(key))
  }

  func optional<T: Decodable>(_ key: String) throws -> T? {
    try decodeIfPresent(T.self, forKey: ScenarioKey(key))
  }

  /// A string that must be one of `allowed`'s raw values.
  func choice<T: RawRepresentable>(_ key: String, _ allowed: [T]) throws -> T?
  where T.RawValue == String {
    try oneOf(key, allowed.map(\.rawValue)).flatMap { raw in allowed.first { $0.rawValue == raw } }
  }

  /// A string that must be one of `allowed`.
  func oneOf(_ key: String, _ allowed: [String]) throws -> String? {
    guard let raw = try decodeIfPresent(String.self, forKey: ScenarioKey(key)) else { return nil }
    guard allowed.contains(raw) else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey(key), in: self,
        debugDescription: "'\(raw)' is not one of \(allowed.joined(separator: ", "))")
    }
    return raw
  }

  func time(_ key: String) throws -> ScenarioTime? {
    guard let text = try decodeIfPresent(String.self, forKey: ScenarioKey(key)) else { return nil }
    guard let time = ScenarioTime(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey(key), in: self,
        debugDescription:
          "'\(text)' is not a time: use an ISO 8601 date, 'now', or an offset like '+30d', '-2h'")
    }
    return time
  }

  func duration(_ key: String) throws -> TimeInterval {
    let text: String = try value(key)
    guard let seconds = ScenarioDuration.parse(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey(key), in: self,
        debugDescription: "'\(text)' is not a duration: use a number with s, m, h or d, like '10m'")
    }
    return seconds
  }
}

extension ScenarioTime {
  /// Parses `now`, `+30d` / `-2h` offsets, or an ISO 8601 date.
  public init?(_ text: String) {
    if text == "now" {
      self = .relative(0)
    } else if let sign = text.first, sign == "+" || sign == "-",
      let magnitude = ScenarioDuration.parse(String(text.dropFirst()))
    {
      self = .relative(sign == "-" ? -magnitude : magnitude)
    } else if let date = try? Date(text, strategy: .iso8601) {
      self = .absolute(date)
    } else {
      return nil
    }
  }
}

extension Scenario: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(["name", "summary", "start", "steps", "expect"], in: "the scenario")
    name = try container.value("name")
    summary = try container.optional("summary")
    start = try container.optional("start") ?? ScenarioStart()
    steps = try container.value("steps")
    expect = try container.optional("expect")
    guard start.apod == nil else { return }
    // A journey step or a screen expectation without the APOD world could only fail later, at
    // run time, with a vaguer message: refused here, naming the step.
    for (index, step) in steps.enumerated() {
      let needs: String? =
        switch step {
        case .journey(let journey): "step '\(journey.title)'"
        case .expect(let expectation) where !expectation.screen.isEmpty: "a screen expectation"
        default: nil
        }
      if let needs {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: [ScenarioKey("steps"), IndexKey(index)],
            debugDescription: "\(needs) needs the APOD world: add \"apod\": {} to \"start\""))
      }
    }
    if let expect, !expect.screen.isEmpty {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [ScenarioKey("expect")],
          debugDescription: "a screen expectation needs the APOD world: add \"apod\": {} to \"start\""))
    }
  }
}

/// An index in a coding path (`steps[3]`).
struct IndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

extension ScenarioStart: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(
      [
        "mode", "now", "online", "snapshot", "subscriptions", "backend", "paywalls", "paywallTimeout",
        "grandfathering", "configuredGroupID", "apod",
      ], in: "start")
    self.init()
    mode = try container.choice("mode", RunningMode.allCases) ?? mode
    if let time = try container.time("now") {
      guard case .absolute(let date) = time else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("now"), in: container,
          debugDescription: "the start time must be an ISO 8601 date")
      }
      now = date
    }
    online = try container.optional("online") ?? online
    snapshot = try container.optional("snapshot")
    subscriptions = try container.optional("subscriptions") ?? []
    if let backend = try container.nested("backend") {
      try backend.allowOnly(["start", "check", "promotedPurchase"], in: "start.backend")
      backendStart = try backend.choice("start", BackendStartBehaviour.allCases) ?? .ok
      backendCheck = try backend.choice("check", BackendCheckBehaviour.allCases) ?? .ok
      sdkPromotedPurchase =
        try backend.choice("promotedPurchase", SDKPromotedPurchaseBehaviour.allCases) ?? .showsPaywall
    }
    if let paywalls = try container.nested("paywalls") {
      for key in paywalls.allKeys {
        self.paywalls[key.stringValue] = try paywalls.choice(key.stringValue, PaywallBehaviour.allCases)
      }
    }
    if container.contains(ScenarioKey("paywallTimeout")) {
      paywallTimeout = try container.duration("paywallTimeout")
    }
    grandfathering = try container.optional("grandfathering")
    configuredGroupID = try container.optional("configuredGroupID")
    apod = try container.optional("apod")
  }
}

extension ScenarioSnapshot: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(
      ["isPremium", "reason", "source", "product", "expires", "graceEnds", "computedAt", "schemaVersion"],
      in: "start.snapshot")
    isPremium = try container.value("isPremium")
    reason =
      try container.choice("reason", EntitlementReason.allCases)
      ?? (isPremium ? .subscribed : .noSubscription)
    source =
      try container.choice("source", [EntitlementSource.storeKit, .purchasely, .grandfathering, .none])
      ?? .storeKit
    product = try container.optional("product")
    expires = try container.time("expires")
    graceEnds = try container.time("graceEnds")
    computedAt = try container.time("computedAt") ?? .relative(-3600)
    schemaVersion = try container.optional("schemaVersion") ?? EntitlementSnapshot.currentSchemaVersion
  }
}

extension ScenarioSubscription: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(
      [
        "product", "purchased", "expires", "willAutoRenew", "state", "graceEnds", "familyShared",
        "onThisDevice",
        "knownToBackend", "sandbox", "verified",
      ], in: "a subscription")
    product = try container.value("product")
    guard ScenarioCatalog.product(product) != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey("product"), in: container,
        debugDescription:
          "unknown product '\(product)'; known: \(ScenarioCatalog.productIDs.joined(separator: ", "))")
    }
    purchased = try container.time("purchased") ?? .relative(-10 * 86_400)
    expires = try container.time("expires")
    willAutoRenew = try container.optional("willAutoRenew") ?? true
    state = try container.choice("state", State.allCases) ?? .active
    graceEnds = try container.time("graceEnds")
    familyShared = try container.optional("familyShared") ?? false
    onThisDevice = try container.optional("onThisDevice") ?? true
    sandbox = try container.optional("sandbox") ?? false
    verified = try container.optional("verified") ?? true
    knownToBackend = try container.optional("knownToBackend") ?? (onThisDevice && verified)
  }
}

extension ScenarioGrandfathering: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(
      ["cutoffBuild", "originalBuild", "sandbox", "verified"], in: "start.grandfathering")
    cutoffBuild = try container.value("cutoffBuild")
    originalBuild = try container.value("originalBuild")
    sandbox = try container.optional("sandbox") ?? false
    verified = try container.optional("verified") ?? true
  }
}

extension ScenarioStep: Decodable {
  static let actions = [
    "launch", "quit", "relaunch", "foreground", "tap", "buy", "closePaywall", "restoreInPaywall",
    "approvePurchase", "declinePurchase", "transactionUpdate", "refund", "billingProblem", "cancelAutoRenew",
    "advanceTime",
    "goOffline", "goOnline", "restore", "changeMode", "setBackend", "setPaywall", "killBeforeFinish",
    "saveFavorite", "removeFavorite", "openFavorites", "upgrade", "paymentFixed", "resumeAutoRenew",
    "setDeviceClock", "sdkStartCallsBack", "holdNextStatusRead", "dismissMessage",
    "promotedPurchase",
  ]

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    if container.contains(ScenarioKey("expect")) {
      try container.allowOnly(["expect"], in: "an expect step")
      self = .expect(try container.value("expect"))
      return
    }
    guard let action: String = try container.optional("do") else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "a step needs \"do\" (an action) or \"expect\""))
    }
    func fields(_ names: String...) throws { try container.allowOnly(["do"] + names, in: "step '\(action)'") }
    switch action {
    case "launch", "quit", "relaunch", "foreground", "restoreInPaywall", "goOffline", "goOnline", "restore",
      "killBeforeFinish", "openFavorites", "holdNextStatusRead", "dismissMessage":
      try fields()
      self =
        switch action {
        case "holdNextStatusRead": .holdNextStatusRead
        case "dismissMessage": .dismissMessage
        case "killBeforeFinish": .killBeforeFinish
        case "openFavorites": .openFavorites
        case "launch": .launch
        case "quit": .quit
        case "relaunch": .relaunch
        case "foreground": .foreground
        case "restoreInPaywall": .restoreInPaywall
        case "goOffline": .goOffline
        case "goOnline": .goOnline
        default: .restore
        }
    case "tap":
      try fields("feature", "label")
      self = .tap(
        feature: try container.choice("feature", Feature.allCases) ?? .favorites,
        label: try container.optional("label"))
    case "buy":
      try fields("product", "result", "error", "offer", "billingPlan")
      self = .buy(
        product: try Self.product(in: container), result: try Self.purchase(in: container),
        offer: try container.optional("offer"),
        billingPlan: try container.choice("billingPlan", [BillingPlanType.upFront, .monthly, .unknown]))
    case "closePaywall":
      try fields("reason")
      self = .closePaywall(
        reason: try container.choice("reason", [PaywallCloseReason.button, .interactiveDismiss]) ?? .button)
    case "approvePurchase", "declinePurchase", "refund", "cancelAutoRenew", "paymentFixed", "resumeAutoRenew":
      try fields("product")
      let product = try Self.product(in: container)
      self =
        switch action {
        case "approvePurchase": .approvePurchase(product: product)
        case "declinePurchase": .declinePurchase(product: product)
        case "refund": .refund(product: product)
        case "paymentFixed": .paymentFixed(product: product)
        case "resumeAutoRenew": .resumeAutoRenew(product: product)
        default: .cancelAutoRenew(product: product)
        }
    case "saveFavorite":
      try fields("date", "label")
      self = .saveFavorite(date: try Self.favoriteDate(in: container), label: try container.optional("label"))
    case "removeFavorite":
      try fields("date")
      self = .removeFavorite(date: try Self.favoriteDate(in: container))
    case "upgrade":
      try fields("from", "to")
      self = .upgrade(
        from: try Self.product(in: container, key: "from"), to: try Self.product(in: container, key: "to"))
    case "setDeviceClock":
      try fields("offset")
      let text: String = try container.value("offset")
      guard let time = ScenarioTime(text), case .relative(let offset) = time else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("offset"), in: container,
          debugDescription: "'\(text)' is not an offset: use '+3d', '-40d', or 'now' to set it right")
      }
      self = .setDeviceClock(offset: offset)
    case "transactionUpdate":
      try fields("product", "verified")
      self = .transactionUpdate(
        product: try Self.product(in: container), verified: try container.optional("verified") ?? true)
    case "billingProblem":
      try fields("product", "graceDays")
      self = .billingProblem(
        product: try Self.product(in: container), graceDays: try container.optional("graceDays"))
    case "advanceTime":
      try fields("by")
      self = .advanceTime(try container.duration("by"))
    case "changeMode":
      try fields("mode")
      guard let mode = try container.choice("mode", RunningMode.allCases) else {
        throw DecodingError.keyNotFound(
          ScenarioKey("mode"),
          DecodingError.Context(
            codingPath: container.codingPath, debugDescription: "changeMode needs \"mode\""))
      }
      self = .changeMode(mode)
    case "setBackend":
      try fields("start", "check")
      self = .setBackend(
        start: try container.choice("start", BackendStartBehaviour.allCases),
        check: try container.choice("check", BackendCheckBehaviour.allCases))
    case "promotedPurchase":
      try fields("product", "result", "error")
      self = .promotedPurchase(
        product: try Self.product(in: container), result: try Self.purchase(in: container))
    case "sdkStartCallsBack":
      try fields("result", "which")
      guard let result = try container.choice("result", HeldStartAnswer.allCases) else {
        throw DecodingError.keyNotFound(
          ScenarioKey("result"),
          DecodingError.Context(
            codingPath: container.codingPath, debugDescription: "sdkStartCallsBack needs \"result\""))
      }
      self = .sdkStartCallsBack(
        result: result, which: try container.choice("which", HeldStartCall.allCases) ?? .newest)
    case "setPaywall":
      try fields("placement", "behaviour")
      guard let behaviour = try container.choice("behaviour", PaywallBehaviour.allCases) else {
        throw DecodingError.keyNotFound(
          ScenarioKey("behaviour"),
          DecodingError.Context(
            codingPath: container.codingPath, debugDescription: "setPaywall needs \"behaviour\""))
      }
      self = .setPaywall(placement: try container.value("placement"), behaviour: behaviour)
    default:
      guard JourneyStep.names.contains(action) else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("do"), in: container,
          debugDescription:
            "unknown action '\(action)'; actions: \(Self.actions.joined(separator: ", ")); "
            + "journey actions: \(JourneyStep.names.joined(separator: ", "))")
      }
      self = .journey(try JourneyStep(action, container))
    }
  }

  private static func favoriteDate(in container: ScenarioContainer) throws -> String {
    let date: String = try container.value("date")
    guard APODDay(rawValue: date) != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey("date"), in: container,
        debugDescription: "'\(date)' is not an APOD date: use YYYY-MM-DD")
    }
    return date
  }

  private static func product(
    in container: ScenarioContainer, key: String = "product"
  ) throws -> String {
    let product: String = try container.value(key)
    guard ScenarioCatalog.product(product) != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey(key), in: container,
        debugDescription:
          "unknown product '\(product)'; known: \(ScenarioCatalog.productIDs.joined(separator: ", "))")
    }
    return product
  }

  private static func purchase(in container: ScenarioContainer) throws -> ScriptedPurchase {
    let result = try container.optional("result") ?? "purchased"
    switch result {
    case "purchased": return .purchased
    case "unverified": return .unverified
    case "pending": return .pending
    case "cancelled": return .cancelled
    case "failed":
      let name = try container.optional("error") ?? "unknown"
      guard let failure = PurchaseFailure.named[name] else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("error"), in: container,
          debugDescription:
            "unknown error '\(name)'; errors: \(PurchaseFailure.named.keys.sorted().joined(separator: ", "))")
      }
      return .failed(failure)
    default:
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey("result"), in: container,
        debugDescription: "'\(result)' is not one of purchased, unverified, pending, cancelled, failed")
    }
  }
}

extension ScenarioExpectation: Decodable {
  static let fields =
    [
      "access", "reason", "fromCache", "paywallsShown", "paywallUp", "attempts", "actionsRun", "calls",
      "restore",
      "interceptor", "awaitingApproval", "finishedTransactions", "snapshot", "activeMode", "pendingMode",
      "relaunchRequired", "events", "noEvents", "favorites", "texts", "textsContaining", "callOrder",
      "callArguments", "source", "product", "expires", "definitive", "accessChanges", "message",
      "messagesWaiting", "backendKnows", "purchaseTokens",
    ] + ScreenExpectation.fields

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ScenarioKey.self)
    try container.allowOnly(Self.fields, in: "expect")
    self.init()
    access = try container.choice("access", [AccessLevel.premium, .free, .unknown])
    reason = try container.choice("reason", EntitlementReason.allCases)
    fromCache = try container.optional("fromCache")
    paywallsShown = try container.optional("paywallsShown")
    paywallUp = try container.optional("paywallUp")
    attempts = try Self.attempts(container)
    actionsRun = try container.optional("actionsRun")
    calls = try Self.callMap(container, "calls")
    restore = try container.choice("restore", RestoreExpectation.allCases)
    interceptor = try container.choice("interceptor", [InterceptResult.success, .failed, .notHandled])
    awaitingApproval = try container.optional("awaitingApproval")
    finishedTransactions = try container.optional("finishedTransactions")
    backendKnows = try container.optional("backendKnows")
    if let names: [String] = try container.optional("purchaseTokens") {
      purchaseTokens = try names.map { name in
        guard let token = PurchaseTokenExpectation(rawValue: name) else {
          throw DecodingError.dataCorruptedError(
            forKey: ScenarioKey("purchaseTokens"), in: container,
            debugDescription: "'\(name)' is not one of sdkUser, none, other")
        }
        return token
      }
    }
    activeMode = try container.choice("activeMode", RunningMode.allCases)
    pendingMode = try container.choice("pendingMode", RunningMode.allCases)
    relaunchRequired = try container.optional("relaunchRequired")
    events = try Self.events(container, "events")
    noEvents = try Self.events(container, "noEvents")
    texts = try Self.texts(container, "texts")
    textsContaining = try Self.texts(container, "textsContaining")
    if let order: [String] = try container.optional("callOrder") {
      callOrder = try order.map { try Self.call($0, in: container, key: "callOrder") }
    }
    callArguments = try Self.callMap(container, "callArguments")
    source = try container.choice(
      "source", [EntitlementSource.storeKit, .purchasely, .grandfathering, .none])
    if let product: String = try container.optional("product") {
      guard ScenarioCatalog.product(product) != nil else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("product"), in: container,
          debugDescription:
            "unknown product '\(product)'; known: \(ScenarioCatalog.productIDs.joined(separator: ", "))")
      }
      self.product = product
    }
    expires = try container.time("expires")
    definitive = try container.optional("definitive")
    if let changes: [String] = try container.optional("accessChanges") {
      let levels = [AccessLevel.premium, .free, .unknown]
      accessChanges = try changes.map { name in
        guard let level = levels.first(where: { $0.rawValue == name }) else {
          throw DecodingError.dataCorruptedError(
            forKey: ScenarioKey("accessChanges"), in: container,
            debugDescription: "'\(name)' is not one of premium, free, unknown")
        }
        return level
      }
    }
    message = try container.optional("message")
    messagesWaiting = try container.optional("messagesWaiting")
    screen = try ScreenExpectation(container)
    if container.contains(ScenarioKey("favorites")) {
      if let list = try? container.decode([String].self, forKey: ScenarioKey("favorites")) {
        favorites = .dates(list)
      } else {
        let text: String = try container.value("favorites")
        switch text {
        case "locked": favorites = .locked
        case "loading": favorites = .loading
        case "empty": favorites = .empty
        case "failed": favorites = .failed
        default:
          throw DecodingError.dataCorruptedError(
            forKey: ScenarioKey("favorites"), in: container,
            debugDescription: "'\(text)' is not one of locked, loading, empty, failed, or a list of dates")
        }
      }
    }
    if container.contains(ScenarioKey("snapshot")) {
      if (try? container.decodeNil(forKey: ScenarioKey("snapshot"))) == true {
        snapshot = SnapshotExpectation.none
      } else if let text = try? container.decode(String.self, forKey: ScenarioKey("snapshot")) {
        guard text == "none" else {
          throw DecodingError.dataCorruptedError(
            forKey: ScenarioKey("snapshot"), in: container,
            debugDescription: "use \"none\" or an object with isPremium and/or reason")
        }
        snapshot = SnapshotExpectation.none
      } else {
        let nested = try container.nestedContainer(keyedBy: ScenarioKey.self, forKey: ScenarioKey("snapshot"))
        try nested.allowOnly(["isPremium", "reason"], in: "expect.snapshot")
        snapshot = .stored(
          isPremium: try nested.optional("isPremium"),
          reason: try nested.choice("reason", EntitlementReason.allCases))
      }
    }
  }
}

extension ScenarioExpectation {
  /// A `{ "gateNotice": "…" }` object whose keys must be `ScenarioText` names.
  fileprivate static func texts(
    _ container: ScenarioContainer, _ key: String
  ) throws -> [ScenarioText: String]? {
    guard let texts: [String: String] = try container.optional(key) else { return nil }
    let allowed = ScenarioText.allCases.map(\.rawValue)
    var typed: [ScenarioText: String] = [:]
    for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
      guard let which = ScenarioText(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey(key), in: container,
          debugDescription: "unknown text '\(name)'; texts: \(allowed.joined(separator: ", "))")
      }
      typed[which] = text
    }
    return typed
  }

  /// A list of monetization event names, each one that Core logs.
  fileprivate static func events(
    _ container: ScenarioContainer, _ key: String
  ) throws -> [MonetizationLog.Kind]? {
    guard let names: [String] = try container.optional(key) else { return nil }
    return try names.map { name in
      guard let kind = MonetizationLog.Kind(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey(key), in: container,
          debugDescription:
            "unknown event '\(name)'; events: \(MonetizationLog.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      return kind
    }
  }

  /// A call name that the simulated world records.
  fileprivate static func call(
    _ name: String, in container: ScenarioContainer, key: String
  ) throws -> SimulatedCall {
    guard let call = SimulatedCall(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: ScenarioKey(key), in: container,
        debugDescription:
          "unknown call '\(name)'; calls: \(SimulatedCall.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return call
  }

  /// A `{ "backend.start": … }` object whose keys must be call names.
  fileprivate static func callMap<Value: Decodable>(
    _ container: ScenarioContainer, _ key: String
  ) throws -> [SimulatedCall: Value]? {
    guard let map: [String: Value] = try container.optional(key) else { return nil }
    var typed: [SimulatedCall: Value] = [:]
    for (name, value) in map.sorted(by: { $0.key < $1.key }) {
      typed[try call(name, in: container, key: key)] = value
    }
    return typed
  }

  /// An `{ "label": "rolledBack(awaitingApproval)" }` object of attempt expectations.
  fileprivate static func attempts(_ container: ScenarioContainer) throws -> [String: AttemptExpectation]? {
    guard let attempts: [String: String] = try container.optional("attempts") else { return nil }
    var typed: [String: AttemptExpectation] = [:]
    for (label, text) in attempts.sorted(by: { $0.key < $1.key }) {
      guard let expectation = AttemptExpectation(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: ScenarioKey("attempts"), in: container,
          debugDescription:
            "attempt '\(label)': '\(text)' is not one of pending, saved, notSaved, ran, alreadyPresenting, "
            + "rolledBack, rolledBack(\(AttemptExpectation.rollbackReasons.map(\.description).joined(separator: "|"))), "
            + "unavailable, unavailable(\(AttemptExpectation.unavailableReasons.map(\.description).joined(separator: "|")))"
        )
      }
      typed[label] = expectation
    }
    return typed
  }
}

extension AttemptExpectation {
  /// Every rollback reason, by the name scenarios use.
  static let rollbackReasons: [RollbackReason] = [.paywallClosed, .awaitingApproval, .purchaseNotConfirmed]
  /// Every reason a paywall could not be shown, by the name scenarios use.
  static let unavailableReasons: [PaywallUnavailableReason] = [
    .deactivated, .clientPaywall, .noNetwork, .notConfigured, .loadFailed, .timedOut, .displayFailed,
  ]

  /// Parses `ran`, `rolledBack(awaitingApproval)`, `unavailable`, `pending`, `saved`…
  init?(_ text: String) {
    switch text {
    case "pending": self = .pending
    case "saved": self = .favorite(saved: true)
    case "notSaved": self = .favorite(saved: false)
    case "ran": self = .gate(.ran)
    case "alreadyPresenting": self = .gate(.alreadyPresenting)
    case "rolledBack": self = .anyRollback
    case "unavailable": self = .anyUnavailable
    default:
      guard text.hasSuffix(")"), let open = text.firstIndex(of: "(") else { return nil }
      let kind = text[..<open]
      let reason = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
      if kind == "rolledBack", let match = Self.rollbackReasons.first(where: { "\($0)" == reason }) {
        self = .gate(.rolledBack(match))
      } else if kind == "unavailable", let match = Self.unavailableReasons.first(where: { "\($0)" == reason })
      {
        self = .gate(.unavailable(match))
      } else {
        return nil
      }
    }
  }
}

extension PurchaseFailure {
  /// Scenario names of the purchase errors.
  static let named: [String: PurchaseFailure] = [
    "networkError": .networkError, "systemError": .systemError, "unknown": .unknown,
    "notEntitled": .notEntitled,
    "notAvailableInStorefront": .notAvailableInStorefront, "userCancelled": .userCancelled,
    "purchaseNotAllowed": .purchaseNotAllowed, "productUnavailable": .productUnavailable,
    "ineligibleForOffer": .ineligibleForOffer, "invalidOfferIdentifier": .invalidOfferIdentifier,
    "invalidOfferPrice": .invalidOfferPrice, "invalidOfferSignature": .invalidOfferSignature,
    "missingOfferParameters": .missingOfferParameters, "invalidQuantity": .invalidQuantity,
    "productNotFound": .productNotFound,
  ]
}

/// The products the simulated store sells: exactly `ProductCatalog`'s, as TestSupport's doubles
/// describe them (paywall plan, period).
enum ScenarioCatalog {
  static var productIDs: [String] { MonetizationFixtures.products.map(\.id.rawValue) }

  static func product(_ id: String) -> MonetizationFixtures.Product? {
    MonetizationFixtures.product(ProductID(rawValue: id))
  }
}
