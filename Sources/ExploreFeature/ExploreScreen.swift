#if canImport(SwiftUI)
  import APODUI
  import AppNavigation
  import DesignSystem
  import ExploreCore
  import Foundation
  import ImageCache
  import NASA
  import SwiftUI
  import ViewerCore

  /// The stack renders the navigation state's `path` and writes back what the user does, so a link or
  /// another screen opening a day pushes its detail here. `ExploreModel` decides what is shown.
  public struct ExploreScreen: View {
    @Environment(ExploreModel.self) private var explore
    @Environment(ExploreSearchModel.self) private var search: ExploreSearchModel?
    @Environment(AppNavigation.self) private var navigation
    @Environment(ImageModels.self) private var images
    @State private var searchText = ""
    /// Read in `body`, so only this screen observes the model's start date.
    @State private var pickedDate: Date?
    @State private var gridWidth: CGFloat = 0
    @Environment(\.displayScale) private var displayScale

    private static let minimumCellWidth: CGFloat = 150

    public init() {}

    public var body: some View {
      // The stack renders the navigation state's days; its setter reports a push or Back.
      NavigationStack(
        path: Binding(get: { navigation.explore.path }, set: { navigation.stackMoved(on: .explore, to: $0) })
      ) {
        content
          .frame(maxWidth: .infinity, maxHeight: .infinity)
          .background(Palette.background)
          .navigationTitle("Explore")
          // Every detail is pushed by its day: a cell, the picker's row, a search result, a link.
          .navigationDestination(for: APODDay.self) { day in
            ExploreDayDetail(day: day, explore: explore)
          }
          .modifier(ExploreSearchField(search: search, text: $searchText))
          .modifier(RandomDayButton(picker: explore.randomDay))
      }
      .task { await explore.load() }
    }

    @ViewBuilder private var content: some View {
      switch explore.state {
      case .idle, .loading:
        PlaceholderGrid()
      case .loaded(let loaded):
        ScrollView {
          VStack(alignment: .leading, spacing: Spacing.large) {
            if let status = explore.status {
              StatusBanner(status: status)
            }
            dayPicker(picked: loaded.picked)
            // The filter, and the search results in place of the grid while searching.
            if let search {
              MediaFilterPicker(search: search)
            }
            if let search, search.isSearching {
              ExploreSearchResults(search: search)
            } else if loaded.items.isEmpty {
              EmptyStateView(
                title: String(localized: "No Pictures Yet"),
                message: String(localized: "Pull down to check for recent pictures, or pick a day above."),
                systemImage: "photo")
            } else {
              grid(search?.visible(loaded.items) ?? loaded.items)
            }
          }
          .background {
            GeometryReader { proxy in
              Color.clear
                .onChange(of: proxy.size.width, initial: true) { _, width in gridWidth = width }
            }
          }
          .padding(Spacing.large)
        }
        .refreshable { await explore.refresh() }
      case .failed(let message):
        ErrorStateView(
          title: String(localized: "Couldn't Load Recent Pictures"),
          message: message,
          action: StateAction(String(localized: "Try Again")) {
            Task { await explore.load() }
          })
      }
    }

    // MARK: Date picker

    private func dayPicker(picked: PickedDay?) -> some View {
      VStack(alignment: .leading, spacing: Spacing.small) {
        // Days are noon GMT in a Gregorian GMT calendar (`APODDay.pickerCalendar`), so the picker
        // shows exactly the APOD day whatever the device's time zone.
        DatePicker(
          "Go to a day", selection: pickerSelection, in: explore.pickerRange, displayedComponents: .date
        )
        .datePickerStyle(.compact)
        .environment(\.calendar, APODDay.pickerCalendar)
        .environment(\.timeZone, APODDay.pickerCalendar.timeZone)
        .font(Typography.headline)
        .foregroundStyle(Palette.primaryText)
        .onChange(of: pickedDate) { _, date in
          guard let date else { return }
          Task { await explore.loadDay(pickerDate: date) }
        }
        if let picked {
          PickedDayRow(
            picked: picked, images: images.pipeline,
            thumbnailSize: .thumbnail(cellWidth: PickedDayRow.thumbnailSide, scale: Double(displayScale)))
        }
      }
    }

    private var pickerSelection: Binding<Date> {
      Binding(
        get: { pickedDate ?? explore.pickerStartDate },
        set: { pickedDate = $0 })
    }

    // MARK: Grid

    /// Core's rule, which also sizes the thumbnails.
    private var gridLayout: ThumbnailGridLayout {
      ThumbnailGridLayout(
        containerWidth: Double(gridWidth), minimumCellWidth: Double(Self.minimumCellWidth),
        spacing: Double(Spacing.medium))
    }

    private var thumbnailSize: ImageSize {
      gridWidth > 0 ? gridLayout.thumbnailSize(scale: Double(displayScale)) : .thumbnail
    }

    private var gridColumns: [GridItem] {
      guard gridWidth > 0 else {
        return [GridItem(.adaptive(minimum: Self.minimumCellWidth), spacing: Spacing.medium)]
      }
      return Array(repeating: GridItem(.flexible(), spacing: Spacing.medium), count: gridLayout.columns)
    }

    private func grid(_ items: [APOD]) -> some View {
      LazyVGrid(columns: gridColumns, spacing: Spacing.medium) {
        ForEach(items) { apod in
          NavigationLink(value: apod.date) {
            ExploreCell(apod: apod, images: images.pipeline, size: thumbnailSize)
          }
          .buttonStyle(.plain)
          .onAppear {
            Task {
              [urls = explore.cellAppeared(apod.date), pipeline = images.pipeline, size = thumbnailSize] in
              await pipeline.prefetch(urls, size: size)
            }
          }
          .onDisappear {
            Task { [urls = explore.cellDisappeared(apod.date), pipeline = images.pipeline] in
              await pipeline.cancelPrefetch(urls)
            }
          }
        }
      }
    }
  }

  private struct ExploreSearchField: ViewModifier {
    let search: ExploreSearchModel?
    @Binding var text: String

    @ViewBuilder
    func body(content: Content) -> some View {
      if let search {
        content
          .searchable(text: $text, prompt: "Search saved days")
          .onChange(of: text) { _, query in
            Task { await search.search(query) }
          }
      } else {
        content
      }
    }
  }

  private struct ExploreCell: View {
    let apod: APOD
    let images: ImagePipeline
    let size: ImageSize
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .leading, spacing: Spacing.xSmall) {
        PipelineImage(
          url: apod.imageURL, size: size, pipeline: images,
          accessibilityLabel: apod.accessibilityDescription
        )
        .aspectRatio(1, contentMode: .fit)
        .clipShape(RoundedRectangle(cornerRadius: CornerRadius.medium))
        Text(apod.title)
          .font(Typography.headline)
          .foregroundStyle(Palette.primaryText)
          .lineLimit(2)
        Text(apod.date.displayText(locale: locale))
          .font(Typography.metadata)
          .foregroundStyle(Palette.secondaryText)
      }
      .contentShape(Rectangle())
      .accessibilityElement(children: .ignore)
      .accessibilityLabel(Text(apod.accessibilitySummary(locale: locale)))
    }
  }

  private struct PickedDayRow: View {
    static let thumbnailSide = 64.0

    let picked: PickedDay
    let images: ImagePipeline
    let thumbnailSize: ImageSize
    @Environment(\.locale) private var locale

    var body: some View {
      switch picked {
      case .loading(let day):
        HStack(spacing: Spacing.small) {
          ProgressView()
          Text("Loading \(day.displayText(locale: locale))…")
            .font(Typography.callout)
            .foregroundStyle(Palette.secondaryText)
        }
        .accessibilityElement(children: .combine)
      case .loaded(let result):
        NavigationLink(value: result.apod.date) {
          HStack(spacing: Spacing.medium) {
            PipelineImage(
              url: result.apod.imageURL, size: thumbnailSize, pipeline: images,
              accessibilityLabel: result.apod.accessibilityDescription
            )
            .frame(width: Self.thumbnailSide, height: Self.thumbnailSide)
            .clipShape(RoundedRectangle(cornerRadius: CornerRadius.small))
            VStack(alignment: .leading, spacing: Spacing.xxSmall) {
              Text(result.apod.title)
                .font(Typography.headline)
                .foregroundStyle(Palette.primaryText)
                .lineLimit(2)
              Text(result.apod.date.displayText(locale: locale))
                .font(Typography.metadata)
                .foregroundStyle(Palette.secondaryText)
            }
            Spacer(minLength: 0)
            Image(systemName: "chevron.right")
              .foregroundStyle(Palette.secondaryText)
              .accessibilityHidden(true)
          }
          .padding(Spacing.medium)
          .background(Palette.surface, in: RoundedRectangle(cornerRadius: CornerRadius.medium))
          .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(result.apod.accessibilitySummary(locale: locale)))
        .accessibilityAddTraits(.isButton)
      case .failed(_, let message):
        StatusBanner(message, kind: .warning)
      }
    }
  }

  private struct PlaceholderGrid: View {
    var body: some View {
      ScrollView {
        LazyVGrid(
          columns: [GridItem(.adaptive(minimum: 150), spacing: Spacing.medium)], spacing: Spacing.medium
        ) {
          ForEach(0..<8, id: \.self) { _ in
            RoundedRectangle(cornerRadius: CornerRadius.medium)
              .fill(Palette.surface)
              .aspectRatio(1, contentMode: .fit)
          }
        }
        .padding(Spacing.large)
      }
      .scrollDisabled(true)
      .accessibilityElement(children: .ignore)
      .accessibilityLabel(Text("Loading recent pictures"))
    }
  }

  #if DEBUG
    #Preview("Explore") {
      ExploreScreen()
        .environment(
          ExploreModel(repository: APODPreviewData.repository(), days: 12, clock: APODPreviewData.clock)
        )
        .previewEnvironment()
        .spacerTheme()
    }

    #Preview("Explore, offline with nothing saved") {
      ExploreScreen()
        .environment(
          ExploreModel(
            repository: APODPreviewData.repository(failingWith: .network(.offline)),
            clock: APODPreviewData.clock)
        )
        .previewEnvironment()
        .spacerTheme()
    }
  #endif
#endif
