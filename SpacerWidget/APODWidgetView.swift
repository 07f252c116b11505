import ImageCache
import ImageCacheLive
import NASA
import SwiftUI
import WidgetKit

/// Draws one entry for every supported family. A tap opens the day shown (`SpacerLink`, which
/// the app routes with `DeepLink`), or Today when nothing is saved yet.
struct APODWidgetView: View {
  let entry: APODEntry
  @Environment(\.widgetFamily) private var family

  var body: some View {
    content
      .widgetURL(entry.content.link)
      .containerBackground(for: .widget) {
        background
      }
  }

  @ViewBuilder private var content: some View {
    if family == .accessoryRectangular {
      lockScreen
    } else {
      caption
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomLeading)
    }
  }

  // MARK: Lock screen

  private var lockScreen: some View {
    VStack(alignment: .leading, spacing: 2) {
      Text("Astronomy Picture")
        .font(.caption2)
        .foregroundStyle(.secondary)
      Text(title ?? String(localized: "Open Spacer"))
        .font(.headline)
        .lineLimit(2)
    }
    .frame(maxWidth: .infinity, alignment: .leading)
  }

  // MARK: Home screen

  @ViewBuilder private var caption: some View {
    VStack(alignment: .leading, spacing: 2) {
      Text(title ?? String(localized: "Open Spacer to see today's picture"))
        .font(family == .systemSmall ? .caption.bold() : .headline)
        .lineLimit(family == .systemLarge ? 3 : 2)
      if family != .systemSmall, let day {
        Text(day.displayText(locale: .current))
          .font(.caption)
          .foregroundStyle(Color.white.opacity(0.8))
      }
    }
    .foregroundStyle(.white)
    .shadow(radius: 3)
  }

  @ViewBuilder private var background: some View {
    if family == .accessoryRectangular {
      Color.clear
    } else if let cgImage = entry.picture?.cgImage {
      ZStack {
        picture(cgImage)
        // Keeps the caption readable over a bright picture.
        LinearGradient(colors: [.clear, .black.opacity(0.7)], startPoint: .center, endPoint: .bottom)
      }
    } else {
      // The designed placeholder: a video without a thumbnail, an interactive page, nothing saved
      // yet, or a picture that could not be read. The caption carries the title.
      ZStack {
        LinearGradient(
          colors: [Color(red: 0.05, green: 0.07, blue: 0.2), .black], startPoint: .top, endPoint: .bottom)
        Image(systemName: "sparkles")
          .font(.largeTitle)
          .foregroundStyle(Color.white.opacity(0.35))
      }
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

  private var title: String? {
    switch entry.content {
    case .picture(_, let title, _), .placeholder(_, let title): title
    case .openTheApp: nil
    }
  }

  private var day: APODDay? {
    switch entry.content {
    case .picture(let day, _, _), .placeholder(let day, _): day
    case .openTheApp: nil
    }
  }
}
