import NASA

extension DeepLink {
  /// Where the "Open Day" action goes: Today for today (the device's date ahead of New York
  /// included, `ShortcutDay`), else that day. The action posts `url(for:)` of it to `LinkInbox`
  /// like every other link, and `AppNavigation.open` routes it.
  nonisolated public init(_ day: ShortcutDay) {
    switch day {
    case .today: self = .today
    case .day(let day): self = .day(day)
    }
  }
}
