import ImageCache
import ImageCacheLive
import NASA
import SwiftUI
import WidgetCore
import WidgetKit

/// Draws one entry for every supported family. What shows (picture, title, date, their lines, the
/// lock-screen texts) is Core's `WidgetFace`; this view lays it out. A tap opens
/// the day shown (`SpacerLink`, which the app routes with `DeepLink`), or Today when nothing is
/// saved yet.
struct APODWidgetView: View {
  let entry: APODEntry
  @Environment(\.widgetFamily) private var family
  @Environment(\.locale) private var locale

  private var kind: WidgetFamilyKind { WidgetFamilyKind(family) ?? .systemMedium }

  private var face: WidgetFace {
    WidgetFace.make(
      entry: entry.content, family: kind, options: entry.options, hasPicture: entry.picture != nil,
      locale: locale)
  }

  var body: some View {
    let shown = face
    content(shown)
      .widgetURL(entry.content.link)
      .containerBackground(for: .widget) {
        background(shown)
      }
  }

  @ViewBuilder private func content(_ face: WidgetFace) -> some View {
    switch kind {
    case .accessoryCircular: circular(face)
    case .accessoryInline: Text(verbatim: face.inline ?? "")
    case .accessoryRectangular: rectangular(face)
    case .systemSmall, .systemMedium, .systemLarge:
      caption(face)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomLeading)
    }
  }

  // MARK: Lock screen

  @ViewBuilder private func circular(_ face: WidgetFace) -> some View {
    if let circular = face.circular {
      VStack(spacing: 0) {
        Text(verbatim: circular.day).font(.title2.bold())
        Text(verbatim: circular.month).font(.caption2)
      }
    } else {
      Image(systemName: "sparkles").font(.title2)
    }
  }

  private func rectangular(_ face: WidgetFace) -> some View {
    VStack(alignment: .leading, spacing: 2) {
      if face.showsCaption {
        Text("Astronomy Picture")
          .font(.caption2)
          .foregroundStyle(.secondary)
      }
      if let title = face.title {
        Text(verbatim: title)
          .font(.headline)
          .lineLimit(face.titleLineLimit)
      }
      if let date = face.date {
        Text(verbatim: date).font(.caption2)
      }
    }
    .frame(maxWidth: .infinity, alignment: .leading)
  }

  // MARK: Home screen

  private func caption(_ face: WidgetFace) -> some View {
    VStack(alignment: .leading, spacing: 2) {
      if let title = face.title {
        Text(verbatim: title)
          .font(kind == .systemSmall ? .caption.bold() : .headline)
          .lineLimit(face.titleLineLimit)
      }
      if let date = face.date {
        Text(verbatim: date)
          .font(.caption)
          .foregroundStyle(Color.white.opacity(0.8))
      }
    }
    .foregroundStyle(.white)
    .shadow(radius: 3)
  }

  @ViewBuilder private func background(_ face: WidgetFace) -> some View {
    switch face.background {
    case .none:
      Color.clear
    case .picture:
      if let cgImage = entry.picture?.cgImage {
        ZStack {
          picture(cgImage)
          if face.showsScrim {
            // Keeps the caption readable over a bright picture.
            LinearGradient(colors: [.clear, .black.opacity(0.7)], startPoint: .center, endPoint: .bottom)
          }
        }
      } else {
        placeholder
      }
    case .placeholder:
      placeholder
    }
  }

  /// The designed placeholder: a video without a thumbnail, an interactive page, nothing saved
  /// yet, or a picture that could not be read. The caption carries the title.
  private var placeholder: some View {
    ZStack {
      LinearGradient(
        colors: [Color(red: 0.05, green: 0.07, blue: 0.2), .black], startPoint: .top, endPoint: .bottom)
      Image(systemName: "sparkles")
        .font(.largeTitle)
        .foregroundStyle(Color.white.opacity(0.35))
    }
  }

  /// The photo, filling the widget. On a tinted Home Screen (iOS 18) it keeps its own colours
  /// instead of being flattened into the tint.
  @ViewBuilder private func picture(_ cgImage: CGImage) -> some View {
    let image = Image(decorative: cgImage, scale: 1).resizable()
    if #available(iOS 18.0, *) {
      image.widgetAccentedRenderingMode(.fullColor).aspectRatio(contentMode: .fill)
    } else {
      image.aspectRatio(contentMode: .fill)
    }
  }
}
