#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import ImageCache
  import NASA
  import SwiftUI
  import ViewerCore

  /// Every zoom, pan, double-tap and dismiss rule lives in Core (`ViewerZoom`, `ViewerGesture`); this
  /// view converts gesture values and draws. It draws the same `ProgressiveImageModel` as the hero that
  /// opened it, so what the hero shows is on screen from the first frame.
  public struct ViewerScreen: View {
    private let model: ProgressiveImageModel
    private let accessibilityLabel: String
    private let openedOn: APODDay?
    private let imageForDay: (@MainActor (APOD) -> ProgressiveImageModel?)?
    private let images: ImagePipeline?
    /// Reported before the dismissal animates: the navigation state turns the app upright first.
    private let closing: (@MainActor () -> Void)?
    private let daySwiped: (@MainActor (APODDay) -> Void)?
    @State private var swiper: DaySwipeModel?
    @State private var swiped: SwipedDay?

    @Environment(\.dismiss) private var dismiss
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// Changed only by a finished gesture, a double tap or VoiceOver.
    @State private var zoom = ViewerZoom()
    /// Transient, so a gesture the system cancels is discarded and the picture returns to `zoom`.
    @GestureState private var gesture: ViewerGesture? = nil

    public init(
      model: ProgressiveImageModel, accessibilityLabel: String, days: ViewerDays? = nil,
      images: ImagePipeline? = nil, closing: (@MainActor () -> Void)? = nil,
      daySwiped: (@MainActor (APODDay) -> Void)? = nil
    ) {
      self.model = model
      self.closing = closing
      self.daySwiped = daySwiped
      self.images = images
      self.accessibilityLabel = accessibilityLabel
      openedOn = days?.apod.date
      imageForDay = days?.image
      _swiper = State(initialValue: days.map { $0.swiper($0.apod) })
    }

    public var body: some View {
      ZStack {
        Color.black
          .ignoresSafeArea()
        GeometryReader { proxy in
          let shown = shownPicture
          let layout = ViewerZoom.Layout(
            image: shown?.model.phase.shownImage, container: Size2D(proxy.size))
          Group {
            if let shown {
              // The zoom moves the picture only: the HD retry and the error state stay put and unscaled.
              ProgressiveImageView(
                model: shown.model, accessibilityLabel: shown.label, contentMode: .fit,
                pictureZoom: gesture?.zoom ?? zoom, pictureDrop: gesture?.dismissPull ?? 0, images: images
              )
              // A new day is a new view: its image loads (and its HD is let go) on its own.
              .id(shown.day)
            } else {
              dayWithoutPicture
            }
          }
          .frame(width: proxy.size.width, height: proxy.size.height)
          .contentShape(Rectangle())
          // Springs back (a pull that did not dismiss) when the gesture ends or is cancelled.
          .motionAwareAnimation(.spring(response: 0.35, dampingFraction: 0.86), value: gesture == nil)
          .gesture(pinchAndPan(in: layout))
          .onTapGesture(count: 2) { point in
            animate { zoom = zoom.toggled(at: Point2D(point), in: layout) }
          }
          .accessibilityZoomAction { action in
            animate {
              zoom = action.direction == .zoomIn ? zoom.steppedIn(in: layout) : zoom.steppedOut(in: layout)
            }
          }
          .modifier(DaySwipeActions(swiper: swiper))
        }
        .ignoresSafeArea()
      }
      .overlay(alignment: .topTrailing) { closeButton }
      // Each day swiped to starts whole (fit scale), a day other than the first with its own image
      // model, made once.
      .onChange(of: swiper?.page) { previous, page in
        if previous?.day != page?.day {
          zoom = ViewerZoom()
          if let day = page?.day { daySwiped?(day) }
        }
        guard case .loaded(let apod)? = page, apod.date != openedOn, swiped?.day != apod.date else { return }
        swiped = SwipedDay(day: apod.date, model: imageForDay?(apod), label: apod.accessibilityDescription)
      }
      .task { await swiper?.appeared() }
      .onDisappear { swiper?.disappeared() }
      .hidesStatusBar()
    }

    /// In-progress values live in `gesture` (reset by SwiftUI on end or cancellation); `onEnded` alone
    /// commits.
    private func pinchAndPan(in layout: ViewerZoom.Layout) -> some Gesture {
      MagnifyGesture()
        .simultaneously(with: DragGesture())
        .updating($gesture) { value, gesture, _ in
          var current = gesture ?? ViewerGesture(start: zoom)
          let input = GestureInput(value)
          current.update(
            magnification: input.magnification, anchor: input.anchor, translation: input.translation,
            in: layout)
          gesture = current
        }
        .onEnded { value in
          let input = GestureInput(value)
          let ending = ViewerGesture.ending(
            from: zoom, magnification: input.magnification, anchor: input.anchor,
            translation: input.translation, swipesDays: swiper != nil, in: layout)
          switch ending {
          case .dismiss:
            close()
          case .swipe(let direction):
            let swiper = swiper
            Task { await swiper?.swipe(direction) }
          case .settle(let settled):
            zoom = settled
          }
        }
    }

    private var shownPicture: (day: APODDay?, model: ProgressiveImageModel, label: String)? {
      guard let swiper else { return (openedOn, model, accessibilityLabel) }
      guard case .loaded(let apod) = swiper.page else { return nil }
      if apod.date == openedOn { return (openedOn, model, accessibilityLabel) }
      guard let swiped, swiped.day == apod.date, let image = swiped.model else { return nil }
      return (swiped.day, image, swiped.label)
    }

    @ViewBuilder
    private var dayWithoutPicture: some View {
      switch swiper?.page {
      case .failed(_, let message)?:
        ErrorStateView(title: String(localized: "Couldn't Show This Day"), message: message)
      case .loaded(let apod)? where swiped?.day == apod.date:
        VStack(spacing: Spacing.small) {
          Text(apod.title)
            .font(Typography.headline)
            .foregroundStyle(Palette.primaryText)
          Text("No picture on this day: swipe to another day.")
            .font(Typography.caption)
            .foregroundStyle(Palette.secondaryText)
        }
        .multilineTextAlignment(.center)
        .padding(Spacing.large)
      default:
        ProgressView()
      }
    }

    /// Reported first, so the tabs never show sideways during the dismissal.
    private func close() {
      closing?()
      dismiss()
    }

    private var closeButton: some View {
      RoundIconButton(systemImage: "xmark", font: Typography.headline, padding: Spacing.medium) {
        close()
      }
      .padding(Spacing.large)
      .accessibilityLabel(Text("Close"))
    }

    private func animate(_ change: () -> Void) {
      MotionPolicy(reduceMotion: reduceMotion).animate(.spring(response: 0.35, dampingFraction: 0.86), change)
    }
  }

  public struct ViewerDays {
    let apod: APOD
    let swiper: @MainActor (APOD) -> DaySwipeModel
    let image: @MainActor (APOD) -> ProgressiveImageModel?

    public init(
      apod: APOD, swiper: @escaping @MainActor (APOD) -> DaySwipeModel,
      image: @escaping @MainActor (APOD) -> ProgressiveImageModel?
    ) {
      self.apod = apod
      self.swiper = swiper
      self.image = image
    }
  }

  private struct SwipedDay {
    let day: APODDay
    let model: ProgressiveImageModel?
    let label: String
  }

  /// A swipe is a drag VoiceOver does not pass on.
  private struct DaySwipeActions: ViewModifier {
    let swiper: DaySwipeModel?

    @ViewBuilder
    func body(content: Content) -> some View {
      if let swiper {
        content
          .accessibilityAction(named: "Day Before") { Task { await swiper.swipe(.older) } }
          .accessibilityAction(named: "Day After") { Task { await swiper.swipe(.newer) } }
      } else {
        content
      }
    }
  }

  /// The magnify gesture's `startLocation` is in the viewer's container space, as
  /// `ViewerZoom.Layout` expects.
  private struct GestureInput {
    let magnification: Double?
    let anchor: Point2D?
    let translation: Size2D?

    init(_ value: SimultaneousGesture<MagnifyGesture, DragGesture>.Value) {
      magnification = value.first.map { Double($0.magnification) }
      anchor = value.first.map { Point2D($0.startLocation) }
      translation = value.second.map { Size2D($0.translation) }
    }
  }

  extension Size2D {
    fileprivate init(_ size: CGSize) {
      self.init(width: Double(size.width), height: Double(size.height))
    }
  }

  extension Point2D {
    fileprivate init(_ point: CGPoint) {
      self.init(x: Double(point.x), y: Double(point.y))
    }
  }

  extension View {
    @ViewBuilder
    fileprivate func hidesStatusBar() -> some View {
      #if os(iOS)
        statusBarHidden()
      #else
        self
      #endif
    }
  }
#endif
