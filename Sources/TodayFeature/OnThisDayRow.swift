#if canImport(SwiftUI)
  import APODUI
  import DesignSystem
  import Foundation
  import NASA
  import SwiftUI
  import TodayCore
  import ViewerCore

  /// "On this day in past years" after Today's explanation: one card per past year, scrolled
  /// sideways, and "Earlier Years" while more remain. What each card shows and what a tap does
  /// (open the day through the app's navigation, or try a failed year again) are
  /// `OnThisDayModel`'s; the view only reports taps.
  struct OnThisDayRow: View {
    let model: OnThisDayModel

    var body: some View {
      VStack(alignment: .leading, spacing: Spacing.small) {
        if model.hasPastYears {
          Text("On This Day in Past Years")
            .font(Typography.headline)
          ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: Spacing.medium) {
              ForEach(model.years) { year in
                Button {
                  Task { await model.tap(year.day) }
                } label: {
                  PastYearCard(year: year, failure: failureText(year))
                }
                .buttonStyle(.plain)
              }
              if model.isLoadingPage {
                ProgressView()
              } else if model.canLoadMore {
                Button("Earlier Years") {
                  Task { await model.loadMore() }
                }
                .buttonStyle(.bordered)
              }
            }
          }
        }
      }
      .task { await model.load() }
    }

    private func failureText(_ year: PastYear) -> String? {
      if case .failed(let error) = year.content { return model.message(for: error) }
      return nil
    }
  }

  /// One past year: the year, then the title (with the picture if the phone holds it), "No
  /// Picture", or why it failed.
  private struct PastYearCard: View {
    let year: PastYear
    let failure: String?
    @Environment(ImageModels.self) private var images

    var body: some View {
      VStack(alignment: .leading, spacing: Spacing.small) {
        Text(verbatim: String(year.day.year))
          .font(Typography.headline)
        switch year.content {
        case .picture(let apod):
          PipelineImage(
            url: year.thumbnailURL, size: PastYear.thumbnailSize, pipeline: images.pipeline,
            accessibilityLabel: apod.accessibilityDescription, source: PastYear.thumbnailSource
          )
          .aspectRatio(4 / 3, contentMode: .fit)
          .clipShape(RoundedRectangle(cornerRadius: CornerRadius.small))
          Text(verbatim: apod.title)
            .font(Typography.caption)
            .lineLimit(3)
        case .noPicture:
          Text("No Picture")
            .font(Typography.caption)
            .foregroundStyle(Palette.secondaryText)
        case .failed:
          Text(verbatim: failure ?? "")
            .font(Typography.caption)
            .foregroundStyle(Palette.error)
            .lineLimit(3)
        case .retrying:
          ProgressView()
        }
      }
      .frame(width: 140, alignment: .leading)
      .padding(Spacing.medium)
      .background(Palette.surface)
    }
  }
#endif
