#if canImport(os)
  import Monetization
  import os

  /// The event name is logged as public, its details (product and transaction ids) as private, so
  /// they are redacted unless a debugger or profile is attached.
  public struct OSLogMonetizationLogger: MonetizationLogging {
    public static var buildDefault: LogSeverity {
      #if DEBUG
        .debug
      #else
        .warning
      #endif
    }

    private let logger: Logger
    private let minimumSeverity: LogSeverity

    public init(
      subsystem: String, category: String = "Monetization", minimumSeverity: LogSeverity = buildDefault
    ) {
      self.logger = Logger(subsystem: subsystem, category: category)
      self.minimumSeverity = minimumSeverity
    }

    public func log(_ event: MonetizationLog) {
      let severity = event.severity
      guard severity >= minimumSeverity else { return }
      logger.log(
        level: Self.logType(severity), "\(event.name, privacy: .public): \(event.message, privacy: .private)")
    }

    /// The unified log's type. OSLog has no warning type, so warnings are written as `.error`.
    static func logType(_ severity: LogSeverity) -> OSLogType {
      switch severity {
      case .debug: .debug
      case .info: .info
      case .notice: .default
      case .warning, .error: .error
      }
    }
  }
#endif
