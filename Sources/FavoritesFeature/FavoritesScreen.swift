#if canImport(SwiftUI)
  import APODUI
  import AppNavigation
  import DesignSystem
  import Favorites
  import FavoritesCore
  import Foundation
  import ImageCache
  import Monetization
  import NASA
  import SwiftUI
  import ViewerCore

  /// `FavoritesModel` decides the state and owns every rule; the view lays it out. The stack renders
  /// the navigation state's path and writes back a tap (push) or Back (pop).
  public struct FavoritesScreen: View {
    @Environment(FavoritesModel.self) private var favorites
    @Environment(ImageModels.self) private var models
    @Environment(AppNavigation.self) private var navigation
    /// Only while a purchase can start.
    private let purchaseLinks: @MainActor () -> [LegalLink]

    public init(purchaseLinks: @escaping @MainActor () -> [LegalLink] = { [] }) {
      self.purchaseLinks = purchaseLinks
    }

    private var images: ImagePipeline { models.pipeline }

    public var body: some View {
      // The stack renders the navigation state's days; its setter reports a push or Back.
      NavigationStack(
        path: Binding(
          get: { navigation.favorites.path }, set: { navigation.stackMoved(on: .favorites, to: $0) })
      ) {
        content
          .frame(maxWidth: .infinity, maxHeight: .infinity)
          .background(Palette.background)
          .safeAreaInset(edge: .top, spacing: 0) {
            if let message = favorites.errorMessage {
              ErrorBanner(message: message) { favorites.dismissError() }
            }
          }
          .navigationTitle("Favorites")
          .navigationDestination(for: APODDay.self) { day in
            FavoriteDetailView(day: day, favorites: favorites, images: images)
          }
      }
    }

    @ViewBuilder private var content: some View {
      switch favorites.state {
      case .loading:
        ProgressView()
      case .locked:
        LockedFavoritesView(unlock: { await favorites.unlock() }, legalLinks: purchaseLinks())
      case .empty:
        EmptyStateView(
          title: String(localized: "No Favorites Yet"),
          message: String(localized: "Tap the heart on any picture to keep it here, even offline."),
          systemImage: "heart")
      case .loaded(let saved):
        FavoritesGrid(favorites: saved, model: favorites, images: images)
      case .failed(let message):
        ErrorStateView(
          title: String(localized: "Couldn't Load Favorites"), message: message,
          action: StateAction(String(localized: "Try Again")) {
            Task { await favorites.load() }
          })
      }
    }
  }

  // MARK: Grid

  private struct FavoritesGrid: View {
    let favorites: [Favorite]
    let model: FavoritesModel
    let images: ImagePipeline

    private let columns = [GridItem(.adaptive(minimum: 104), spacing: Spacing.small)]

    var body: some View {
      ScrollView {
        LazyVGrid(columns: columns, spacing: Spacing.medium) {
          ForEach(favorites) { favorite in
            NavigationLink(value: favorite.date) {
              FavoriteCell(favorite: favorite, images: images)
            }
            .buttonStyle(.plain)
            .contextMenu {
              Button(role: .destructive) {
                Task { await model.remove(favorite.date) }
              } label: {
                Label("Remove from Favorites", systemImage: "heart.slash")
              }
            }
            .accessibilityAction(named: "Remove from Favorites") {
              Task { await model.remove(favorite.date) }
            }
          }
        }
        .padding(Spacing.large)
      }
    }
  }

  private struct FavoriteCell: View {
    let favorite: Favorite
    let images: ImagePipeline
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .leading, spacing: Spacing.xSmall) {
        PipelineImage(
          url: favorite.imageURL ?? favorite.hdImageURL, size: .thumbnail, pipeline: images,
          accessibilityLabel: APOD.accessibilityDescription(
            alt: favorite.altText, title: favorite.title, date: favorite.date)
        )
        .aspectRatio(1, contentMode: .fit)
        .clipShape(RoundedRectangle(cornerRadius: CornerRadius.medium))
        Text(favorite.title)
          .font(Typography.caption)
          .foregroundStyle(Palette.primaryText)
          .lineLimit(2)
        // The same localized long date as Explore, which VoiceOver reads as words.
        Text(favorite.dayText(locale: locale))
          .font(Typography.metadata)
          .foregroundStyle(Palette.secondaryText)
      }
      .accessibilityElement(children: .combine)
      .accessibilityAddTraits(.isButton)
    }
  }

  // MARK: Locked

  private struct LockedFavoritesView: View {
    let unlock: @MainActor () async -> Void
    /// App Review 3.1.2.
    let legalLinks: [LegalLink]
    @State private var isUnlocking = false

    var body: some View {
      VStack(spacing: Spacing.large) {
        EmptyStateView(
          title: String(localized: "Favorites Are a PRO Feature"),
          message: String(
            localized: "Subscribe to save pictures and browse them offline. Favorites you saved stay safe."),
          systemImage: "lock"
        )
        .fixedSize(horizontal: false, vertical: true)
        Button {
          isUnlocking = true
          Task {
            await unlock()
            isUnlocking = false
          }
        } label: {
          HStack(spacing: Spacing.small) {
            Text("Unlock Favorites")
              // The label sits on the accent fill: dark text keeps 8:1 (white would be 2.4:1).
              .foregroundStyle(Palette.onAccent)
            ProBadge()
          }
          .frame(minHeight: TapTarget.minimum)
        }
        .buttonStyle(.borderedProminent)
        // One paywall at a time: a second tap while it is up would do nothing.
        .disabled(isUnlocking)
        if !legalLinks.isEmpty {
          // Side by side when they fit, else one under the other (larger text, French).
          ViewThatFits(in: .horizontal) {
            HStack(spacing: Spacing.large) { links }
            VStack(spacing: Spacing.small) { links }
          }
          .font(Typography.caption)
        }
      }
      .padding(Spacing.xxLarge)
    }

    private var links: some View {
      ForEach(legalLinks) { link in
        Link(destination: link.url) { Text(link.title) }
      }
    }
  }

  // MARK: Error banner

  private struct ErrorBanner: View {
    let message: String
    let dismiss: @MainActor () -> Void

    var body: some View {
      Button(action: dismiss) {
        StatusBanner(message, kind: .error)
      }
      .buttonStyle(.plain)
      .padding(.horizontal, Spacing.large)
      .padding(.bottom, Spacing.small)
      .accessibilityHint(Text("Dismisses the message"))
    }
  }

  #if DEBUG
    #Preview("Favorites, saved") {
      FavoritesPreviewHost(
        sample: FavoritesPreviewSample(unlocked: true, saved: FavoritesPreviewSample.pictures))
    }

    #Preview("Favorites, empty") {
      FavoritesPreviewHost(sample: FavoritesPreviewSample(unlocked: true, saved: []))
    }

    #Preview("Favorites, locked") {
      FavoritesPreviewHost(
        sample: FavoritesPreviewSample(unlocked: false, saved: FavoritesPreviewSample.pictures))
    }
  #endif
#endif
