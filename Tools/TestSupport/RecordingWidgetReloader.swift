import Basics
import NASA
import WidgetCore

/// Records which widget kinds were asked to reload, in order.
public final class RecordingWidgetReloader: WidgetReloading {
  private let kinds = Locked<[String]>([])

  public init() {}

  public func reloadTimelines(ofKind kind: String) { kinds.withLock { $0.append(kind) } }

  public var reloads: [String] { kinds.withLock { $0 } }
}
