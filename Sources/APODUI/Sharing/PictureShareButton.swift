import Sharing

#if canImport(SwiftUI) && canImport(UIKit)
  import AppNavigation
  import DesignSystem
  import Foundation
  import ImageCache
  import NASA
  import SwiftUI
  import UIKit

  /// A picture day shares the best picture the phone can have (`PictureSources`, through
  /// `PictureDownload`) as a file named after the day with its bytes' extension, so the sheet
  /// previews it and a GIF stays a GIF. A picture that cannot be prepared is told through the
  /// app's one message queue.
  struct PictureShareButton: View {
    let apod: APOD
    let pictures: PictureDownload
    let presentation: SheetPresentation
    let failed: @MainActor (String) -> Void
    let shared: @MainActor () -> Void
    @State private var isPreparing = false
    @State private var prepared: PreparedShare?

    var body: some View {
      switch ShareItem(apod) {
      case .picture(let sources, let caption):
        Button {
          prepare(sources, caption: caption)
        } label: {
          Label("Share", systemImage: "square.and.arrow.up")
        }
        .disabled(isPreparing)
        // The binding's write of nil (the sheet closing) reaches the state before `onDismiss`
        // runs; then the folder of every prepared share goes.
        .sheet(
          item: sharedNow,
          onDismiss: {
            prepared = nil
            PreparedShare.removeAll()
          }
        ) { share in
          ActivitySheet(items: [share.file, share.caption], completed: shared)
            .presentationDetents([.medium, .large])
            .ignoresSafeArea()
        }
      case .link(let page, let title):
        ShareLink(item: page, subject: Text(title)) {
          Label("Share", systemImage: "square.and.arrow.up")
        }
      }
    }

    /// Read in `body`, so the view follows the state; the system's write of nil reports the close.
    private var sharedNow: Binding<PreparedShare?> {
      let sheet = Sheet.share(apod.date)
      _ = presentation.isPresented(sheet)
      return Binding(
        get: { presentation.isPresented(sheet) ? prepared : nil },
        set: { share in
          if share == nil { presentation.close(sheet) }
        })
    }

    private func prepare(_ sources: PictureSources, caption: String) {
      isPreparing = true
      let title = apod.title
      Task {
        defer { isPreparing = false }
        do {
          let picture = try await sources.best { url throws(ImagePipelineError) in
            try await pictures.picture(at: url)
          }
          prepared = try await PreparedShare.write(picture, title: title, caption: caption)
          presentation.present(.share(apod.date))
        } catch let error as ImagePipelineError {
          failed(error.message)
        } catch {
          failed(error.localizedDescription)
        }
      }
    }
  }

  /// All of them are removed when the share sheet closes.
  nonisolated private struct PreparedShare: Identifiable, Sendable {
    let file: URL
    let caption: String
    var id: URL { file }

    @concurrent
    static func write(_ picture: PictureFile, title: String, caption: String) async throws -> PreparedShare {
      let folder = root.appendingPathComponent(UUID().uuidString, isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent(picture.fileName(title: title), isDirectory: false)
      try picture.data.write(to: file, options: .atomic)
      return PreparedShare(file: file, caption: caption)
    }

    static var root: URL {
      FileManager.default.temporaryDirectory.appendingPathComponent("Shared pictures", isDirectory: true)
    }

    /// The receiving app has its own copy.
    static func removeAll() {
      try? FileManager.default.removeItem(at: root)
    }
  }

  /// Presented modally by SwiftUI's sheet, as UIKit asks on iPhone.
  private struct ActivitySheet: UIViewControllerRepresentable {
    let items: [Any]
    let completed: @MainActor () -> Void

    func makeUIViewController(context: Context) -> UIActivityViewController {
      let controller = UIActivityViewController(activityItems: items, applicationActivities: nil)
      // UIKit does not say on which thread it calls the handler; `done` is false when cancelled.
      controller.completionWithItemsHandler = { [completed] _, done, _, _ in
        if done { Task { @MainActor in completed() } }
      }
      return controller
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
  }

  /// The result goes through the app's one message queue (`DayDetails.saveToPhotos(_:using:)`).
  struct SaveToPhotosButton: View {
    let apod: APOD
    let saver: PictureSaver
    let save: @MainActor (APOD, PictureSaver) async -> Void
    @State private var isSaving = false

    var body: some View {
      Button {
        isSaving = true
        Task {
          await save(apod, saver)
          isSaving = false
        }
      } label: {
        Label("Save to Photos", systemImage: "square.and.arrow.down")
      }
      .disabled(isSaving)
    }
  }
#endif
