import Sharing

#if canImport(SwiftUI) && canImport(UIKit)
  import AppNavigation
  import DesignSystem
  import Foundation
  import ImageCache
  import NASA
  import SwiftUI
  import UIKit

  /// Share: on a picture day (`ShareItem.picture`) the picture itself, fetched first through
  /// `PictureDownload` (the disk tier, else one download through the app's transport) and handed
  /// to the share sheet as a file named after the day, with the extension of the format its bytes
  /// are (`PictureFile`), so the sheet previews the picture and a GIF stays a GIF; its caption
  /// (title and credit) goes with it. Videos and interactive days share the APOD page
  /// (`ShareItem.link`). The picture's share sheet shows while the navigation state has this
  /// day's share in front (`Sheet.share`); its close is reported there. A picture that cannot be
  /// prepared is told through the app's one message queue (`failed`).
  struct PictureShareButton: View {
    let apod: APOD
    let pictures: PictureDownload
    let presentation: SheetPresentation
    let failed: @MainActor (String) -> Void
    @State private var isPreparing = false
    @State private var prepared: PreparedShare?

    var body: some View {
      switch ShareItem(apod) {
      case .picture(let url, let caption):
        Button {
          prepare(url, caption: caption)
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
          ActivitySheet(items: [share.file, share.caption])
            .presentationDetents([.medium, .large])
            .ignoresSafeArea()
        }
      case .link(let page, let title):
        ShareLink(item: page, subject: Text(title)) {
          Label("Share", systemImage: "square.and.arrow.up")
        }
      }
    }

    /// The prepared share while the state has it in front; the system's write of nil reports the
    /// close. Read in `body` (so the view follows the state) and live in the getter.
    private var sharedNow: Binding<PreparedShare?> {
      let sheet = Sheet.share(apod.date)
      _ = presentation.isPresented(sheet)
      return Binding(
        get: { presentation.isPresented(sheet) ? prepared : nil },
        set: { share in
          if share == nil { presentation.close(sheet) }
        })
    }

    private func prepare(_ url: URL, caption: String) {
      isPreparing = true
      let title = apod.title
      Task {
        defer { isPreparing = false }
        do {
          let picture = try await pictures.picture(at: url)
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

  /// The picture written to a folder of its own in the temporary directory; all of them are
  /// removed when the share sheet closes.
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

    /// Where prepared shares are written, one folder each.
    static var root: URL {
      FileManager.default.temporaryDirectory.appendingPathComponent("Shared pictures", isDirectory: true)
    }

    /// Removes every prepared share (the sheet closed; the receiving app has its own copy).
    static func removeAll() {
      try? FileManager.default.removeItem(at: root)
    }
  }

  /// The system share sheet (`UIActivityViewController`), presented modally by SwiftUI's sheet
  /// as UIKit asks on iPhone.
  private struct ActivitySheet: UIViewControllerRepresentable {
    let items: [Any]

    func makeUIViewController(context: Context) -> UIActivityViewController {
      UIActivityViewController(activityItems: items, applicationActivities: nil)
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
  }

  /// Save to Photos: asks for add-only access the first time, then says how it went through the
  /// app's one message queue (`save`: `DayDetails.saveToPhotos(_:using:)`, Core; the root view's
  /// alert shows it, with the title and sentence of `SavePictureResult`). Shown on picture days
  /// only.
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
