#if canImport(os)
  import Monetization
  import os

  /// Core's `MonetizationLogging` written to the unified log with `os.Logger`.
  ///
  /// Each event gets a severity here; events below `minimumLevel` are dropped before anything is
  /// formatted. Release builds keep only warnings and errors. Core's events carry plain values and
  /// never API keys, receipts or tokens; the event name is logged as public, its details (product
  /// and transaction ids) as private, so they are redacted unless a debugger or profile is attached.
  public struct OSLogMonetizationLogger: MonetizationLogging {
    /// How serious an event is.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
      case debug, info, notice, warning, error

      public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

      /// The lowest level written by this build: everything in Debug, warnings and errors in Release.
      public static var buildDefault: Level {
        #if DEBUG
          .debug
        #else
          .warning
        #endif
      }

      /// The unified log's type. `Logger.warning` also writes `.error`: OSLog has no warning type.
      var logType: OSLogType {
        switch self {
        case .debug: .debug
        case .info: .info
        case .notice: .default
        case .warning, .error: .error
        }
      }
    }

    private let logger: Logger
    private let minimumLevel: Level

    /// - Parameters:
    ///   - subsystem: usually the app's bundle identifier.
    ///   - minimumLevel: events below it are not written; defaults to the build's level.
    public init(subsystem: String, category: String = "Monetization", minimumLevel: Level = .buildDefault) {
      self.logger = Logger(subsystem: subsystem, category: category)
      self.minimumLevel = minimumLevel
    }

    public func log(_ event: MonetizationLog) {
      let level = Self.level(of: event)
      guard level >= minimumLevel else { return }
      logger.log(level: level.logType, "\(event.name, privacy: .public): \(event.message, privacy: .private)")
    }

    /// The severity of each event. Failures that leave the user without something they asked for
    /// are warnings; unverified purchases are errors; routine steps are info or debug.
    public static func level(of event: MonetizationLog) -> Level {
      switch event {
      case .backendStartFailed(.notConfigured):
        // Expected in builds without a Purchasely key: monetization is simply off.
        .notice
      case .backendStartFailed, .backendCheckFailed, .appTransactionUnavailable, .snapshotDiscarded,
        .entitlementFinding, .paywallLoadFailed, .paywallUnavailable, .purchaseFailed,
        .purchaseNotHandledInFullMode:
        .warning
      case .restoreFinished(.failed):
        .warning
      case .purchaseUnverified, .transactionUpdateIgnored:
        .error
      case .subscriptionStatusesUnavailable, .purchaseSucceeded, .runningModeScheduled:
        .notice
      case .launchStarted, .backendStarted, .entitlementUpdated, .paywallDisplayed, .paywallDismissed,
        .paywallClosedOnUnlock, .purchaseStarted, .purchasePending, .purchaseCancelled, .restoreStarted,
        .restoreFinished:
        .info
      case .snapshotLoaded, .snapshotMissing, .snapshotSaved, .syncStarted, .onboardingSkipped,
        .paywallRequested, .paywallAlreadyPresenting, .gateAttempted, .transactionRecorded,
        .transactionFinished, .synchronizeRequested:
        .debug
      }
    }
  }
#endif
