import Basics
import Foundation
import ImageCache
import NASA

/// So that the reminder's next ring finds today's APOD and picture saved. The system decides when it
/// really runs; this decides when to ask for it.
public struct ReminderRefresh: Sendable {
  /// NASA posts the day's picture at midnight in New York, usually within minutes.
  public static let publicationDelay: TimeInterval = 15 * 60
  public static let retryAfter: TimeInterval = 30 * 60

  /// Info.plist's BGTaskSchedulerPermittedIdentifiers lists it (`.ci/check-project`).
  public static let taskIdentifier = "spacer.reminder.refresh"

  public enum Outcome: Sendable, Equatable {
    case published(APODDay)
    /// Try again later today.
    case notYet
  }

  private let repository: APODRepository
  private let images: ImagePipeline
  private let clock: any Clocking

  public init(repository: APODRepository, images: ImagePipeline, clock: any Clocking) {
    self.repository = repository
    self.images = images
    self.clock = clock
  }

  public func run() async -> Outcome {
    let today = APODDay.today(now: clock.now)
    guard let apod = try? await repository.today().apod, apod.date == today else { return .notYet }
    if let url = ReminderContent.image(of: apod, on: today) {
      _ = try? await images.image(for: url, size: .preview)
    }
    return .published(today)
  }

  @MainActor
  public func run(rescheduling reminder: ReminderScheduler) async -> Date {
    let outcome = await run()
    await reminder.refresh()
    return Self.earliestBegin(after: outcome, now: clock.now)
  }

  /// Never later than the next usual publication in New York.
  public static func earliestBegin(after outcome: Outcome, now: Date) -> Date {
    let publication = nextMidnightInNewYork(after: now).addingTimeInterval(publicationDelay)
    switch outcome {
    case .published: return publication
    case .notYet: return min(now.addingTimeInterval(retryAfter), publication)
    }
  }

  /// Midnight in New York is 04:00 UTC in summer time and 05:00 UTC otherwise: the first of the
  /// two on the next APOD day that already is that day.
  static func nextMidnightInNewYork(after now: Date) -> Date {
    let next = APODDay.today(now: now).next
    let candidates = [4, 5].compactMap { hour in
      ISO8601DateFormatter().date(from: "\(next.iso)T0\(hour):00:00Z")
    }
    return candidates.first { APODDay.today(now: $0) == next } ?? now.addingTimeInterval(24 * 60 * 60)
  }
}
