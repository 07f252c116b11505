import Favorites
import Foundation

/// A Spotlight index that keeps its items and records every call, and can refuse the next one.
public actor RecordingSpotlightIndex: SpotlightIndexing {
  public enum Call: Sendable, Hashable {
    case index([String])
    case delete([String])
    case deleteAll(String)
  }

  public struct Refused: Error, Sendable {}

  public private(set) var calls: [Call] = []
  /// What a search would find, by identifier.
  public private(set) var items: [String: SpotlightItem] = [:]
  private var refusesNext = false

  public init(items: [SpotlightItem] = []) {
    for item in items { self.items[item.identifier] = item }
  }

  /// The next call throws and changes nothing (Core Spotlight refuses when the device is locked).
  public func refuseNextCall() { refusesNext = true }

  public func index(_ items: [SpotlightItem]) throws {
    try refuseIfAsked()
    calls.append(.index(items.map(\.identifier)))
    for item in items { self.items[item.identifier] = item }
  }

  public func delete(identifiers: [String]) throws {
    try refuseIfAsked()
    calls.append(.delete(identifiers))
    for identifier in identifiers { items[identifier] = nil }
  }

  public func deleteAll(domain: String) throws {
    try refuseIfAsked()
    calls.append(.deleteAll(domain))
    items = items.filter { $0.value.domain != domain }
  }

  private func refuseIfAsked() throws {
    guard refusesNext else { return }
    refusesNext = false
    throw Refused()
  }
}
