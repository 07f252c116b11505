import Playback
import Sharing

#if canImport(SwiftUI)
  import AppNavigation
  import DesignSystem
  import FavoritesCore
  import Foundation
  import ImageCache
  import NASA
  import ScreenCore
  import SwiftUI
  import ViewerCore

  /// Pull to refresh is the caller's: apply `.refreshable` to this view and its scroll view picks it up.
  /// `below` scrolls with the day, after its explanation.
  public struct APODDetailView<Below: View>: View {
    private let apod: APOD
    private let banner: StatusBanner?
    private let daySwipe: (@MainActor (DaySwipeModel.Direction) -> Void)?
    private let below: Below
    @Environment(\.locale) private var locale
    @Environment(FavoriteHeart.self) private var heart
    @Environment(ImageModels.self) private var images
    @Environment(DayDetails.self) private var details
    @Environment(AppNavigation.self) private var navigation
    @Environment(\.appTab) private var tab

    /// `daySwipe` is offered to VoiceOver as the title's "Day Before" and "Day After" actions.
    public init(
      apod: APOD, banner: StatusBanner? = nil,
      daySwipe: (@MainActor (DaySwipeModel.Direction) -> Void)? = nil,
      @ViewBuilder below: () -> Below
    ) {
      self.apod = apod
      self.banner = banner
      self.daySwipe = daySwipe
      self.below = below()
    }

    public var body: some View {
      ScrollView {
        VStack(alignment: .leading, spacing: Spacing.large) {
          if let banner {
            banner
          }
          HeroView(apod: apod)
          heading
          // One row when it fits; else the favorite and Share on a row and Save to Photos below;
          // else one button per row (French, larger text sizes). Nothing is truncated.
          ViewThatFits(in: .horizontal) {
            HStack(spacing: Spacing.medium) {
              favoriteButton
              shareButton
              saveToPhotosButton
            }
            VStack(alignment: .leading, spacing: Spacing.small) {
              HStack(spacing: Spacing.medium) {
                favoriteButton
                shareButton
              }
              saveToPhotosButton
            }
            VStack(alignment: .leading, spacing: Spacing.small) {
              favoriteButton
              shareButton
              saveToPhotosButton
            }
          }
          .frame(maxWidth: .infinity, alignment: .leading)
          .buttonStyle(.bordered)
          // A save the store refused says why, right under the heart (never silently).
          if let failure = heart.failure(for: apod) {
            Label(failure, systemImage: "exclamationmark.triangle")
              .font(Typography.caption)
              .foregroundStyle(Palette.error)
              .fixedSize(horizontal: false, vertical: true)
          }
          // The explanation, and Translate when the reader's language is not English.
          ExplanationView(apod: apod)
          below
        }
        .padding(Spacing.large)
      }
      .background(Palette.background)
    }

    private var favoriteButton: some View {
      FavoriteButton(apod: apod)
    }

    @ViewBuilder private var shareButton: some View {
      #if canImport(UIKit)
        PictureShareButton(
          apod: apod, pictures: images.pictures,
          presentation: SheetPresentation(navigation: navigation, tab: tab),
          failed: details.shareFailed, shared: details.pictureShared)
      #else
        ShareLink(item: apod.pageURL, subject: Text(apod.title)) {
          Label("Share", systemImage: "square.and.arrow.up")
        }
      #endif
    }

    @ViewBuilder private var saveToPhotosButton: some View {
      #if canImport(Photos)
        if case .picture = ShareItem(apod) {
          SaveToPhotosButton(apod: apod, saver: .photoLibrary(pictures: images.pictures)) {
            await details.saveToPhotos($0, using: $1)
          }
        }
      #endif
    }

    @ViewBuilder private var titleText: some View {
      if let daySwipe {
        Text(apod.title).modifier(DaySwipeAccessibilityActions(swipe: daySwipe))
      } else {
        Text(apod.title)
      }
    }

    private var heading: some View {
      VStack(alignment: .leading, spacing: Spacing.xSmall) {
        titleText
          .font(Typography.display)
          .foregroundStyle(Palette.primaryText)
          .fixedSize(horizontal: false, vertical: true)
          .accessibilityAddTraits(.isHeader)
        Text(apod.date.displayText(locale: locale))
          .font(Typography.metadata)
          .foregroundStyle(Palette.secondaryText)
        CreditLineView(attribution: apod.creditAttribution)
      }
    }
  }

  extension APODDetailView where Below == EmptyView {
    public init(
      apod: APOD, banner: StatusBanner? = nil,
      daySwipe: (@MainActor (DaySwipeModel.Direction) -> Void)? = nil
    ) {
      self.init(apod: apod, banner: banner, daySwipe: daySwipe) { EmptyView() }
    }
  }

  /// Tapping it while locked goes through the gate, which may show the paywall.
  private struct FavoriteButton: View {
    let apod: APOD
    @Environment(FavoriteHeart.self) private var heart
    @State private var isToggling = false

    var body: some View {
      let isFavorite = heart.isFavorite(apod)
      Button {
        isToggling = true
        Task {
          await heart.toggle(apod)
          isToggling = false
        }
      } label: {
        HStack(spacing: Spacing.small) {
          if isFavorite {
            Label("Saved", systemImage: "heart.fill")
          } else {
            Label("Save", systemImage: "heart")
          }
          if !heart.isUnlocked {
            ProBadge()
          }
        }
      }
      .disabled(isToggling)
      // "Save" reads like Save to Photos: VoiceOver says what the button does to the favorites.
      .accessibilityLabel(isFavorite ? Text("Remove from Favorites") : Text("Add to Favorites"))
    }
  }

  private struct HeroView: View {
    let apod: APOD
    @Environment(\.openURL) private var openURL
    @Environment(ImageModels.self) private var images
    @Environment(AppNavigation.self) private var navigation
    @Environment(\.appTab) private var tab

    private var presentation: SheetPresentation { SheetPresentation(navigation: navigation, tab: tab) }

    var body: some View {
      switch apod.hero {
      case .image:
        ImageHero(apod: apod)
      case .video(let poster, _):
        // The hero is a video only when the app plays it (the same rule as `APODPlayback`).
        linkedPoster(poster, opening: apod.pageURL, symbol: "play.rectangle", hint: Text("Plays the video"))
          .sheet(isPresented: presentation.binding(.video(apod.date))) {
            #if canImport(UIKit) && canImport(WebKit) && canImport(AVKit)
              // The phone may turn while the video is in front (the navigation state allows it);
              // Done reports the close before the sheet animates away, so the app is upright
              // first. A swipe down would report only as it ends (tabs sideways meanwhile): off.
              MediaPlayerView(playback: APODPlayback(apod), title: apod.title, clock: images.clock) {
                presentation.close(.video(apod.date))
              }
              .interactiveDismissDisabled()
            #endif
          }
      case .link(let page, let poster):
        linkedPoster(
          poster, opening: page, symbol: "safari", hint: Text("Opens this day's page on NASA's website"))
      }
    }

    private func linkedPoster(_ poster: URL?, opening url: URL, symbol: String, hint: Text) -> some View {
      Button {
        switch APODPlayback(apod) {
        case .embeddedPlayer, .nativePlayer:
          presentation.present(.video(apod.date))
        case .picture, .openPage:
          openURL(url)
        }
      } label: {
        PipelineImage(
          url: poster, size: .preview, pipeline: images.pipeline,
          accessibilityLabel: apod.accessibilityDescription
        )
        .overlay {
          Image(systemName: symbol)
            .font(Typography.display)
            .foregroundStyle(Palette.primaryText)
            .padding(Spacing.large)
            .background(Palette.surface, in: Circle())
            .accessibilityHidden(true)
        }
        .heroFrame()
      }
      .buttonStyle(.plain)
      .accessibilityHint(hint)
    }
  }

  /// Its model lives in `@State`, keyed by the APOD day, so a redraw keeps the loaded image and the
  /// viewer continues from the same model.
  private struct ImageHero: View {
    let apod: APOD
    @Environment(ImageModels.self) private var images
    @Environment(DayDetails.self) private var details
    @Environment(AppNavigation.self) private var navigation
    @Environment(\.appTab) private var tab
    @State private var hero: Hero?

    private struct Hero {
      let day: APODDay
      let model: ProgressiveImageModel?
    }

    var body: some View {
      let model = hero?.day == apod.date ? hero?.model : nil
      Group {
        if let model {
          // The card holds the preview only; HD loads in the viewer and is let go when it closes.
          ProgressiveImageView(
            model: model, accessibilityLabel: apod.accessibilityDescription, contentMode: .fill,
            showsHD: false)
        } else {
          // No usable image URL: a quiet surface with a photo symbol.
          PipelineImage(
            url: nil, size: .preview, pipeline: images.pipeline,
            accessibilityLabel: apod.accessibilityDescription)
        }
      }
      .heroFrame()
      .onChange(of: apod.date, initial: true) { _, day in
        hero = Hero(day: day, model: images.progressiveImage(for: apod))
      }
      .opensViewer(
        isPresented: presentation.binding(.viewer(apod.date)),
        open: { presentation.present(.viewer(apod.date)) },
        close: { presentation.close(.viewer(apod.date)) },
        swiped: { presentation.swiped(.viewer(apod.date), to: $0) },
        model: model, label: apod.accessibilityDescription,
        // The viewer swipes between days too (at the fit scale; zoomed in, a drag pans).
        days: ViewerDays(
          apod: apod, swiper: { details.swiper(from: $0) }, image: { images.progressiveImage(for: $0) }),
        images: images.pipeline)
    }

    private var presentation: SheetPresentation { SheetPresentation(navigation: navigation, tab: tab) }
  }

  extension View {
    fileprivate func heroFrame() -> some View {
      Palette.surface
        .aspectRatio(4 / 3, contentMode: .fit)
        .overlay { self }
        .clipShape(RoundedRectangle(cornerRadius: CornerRadius.large))
    }

    @ViewBuilder
    fileprivate func opensViewer(
      isPresented: Binding<Bool>, open: @escaping () -> Void, close: @escaping @MainActor () -> Void,
      swiped: @escaping @MainActor (APODDay) -> Void, model: ProgressiveImageModel?, label: String,
      days: ViewerDays?, images: ImagePipeline
    ) -> some View {
      #if os(iOS)
        contentShape(Rectangle())
          .onTapGesture { if model != nil { open() } }
          .accessibilityAddTraits(model != nil ? .isButton : [])
          .accessibilityHint(model != nil ? Text("Opens the picture full screen") : Text(verbatim: ""))
          .fullScreenCover(isPresented: isPresented) {
            if let model {
              ViewerScreen(
                model: model, accessibilityLabel: label, days: days, images: images, closing: close,
                daySwiped: swiped)
            }
          }
      #else
        self
      #endif
    }
  }
#endif
