#if canImport(SwiftUI) && canImport(CoreTransferable) && canImport(UniformTypeIdentifiers)
  import CoreTransferable
  import DesignSystem
  import Foundation
  import ImageCache
  import NASA
  import SwiftUI
  import UniformTypeIdentifiers

  /// The picture itself, shared as image data with its caption (title and credit), labelled with
  /// the format its URL names (`PictureFormat`); the bytes come from the image pipeline's disk
  /// tier when present, else from the network when the share sheet asks for them.
  nonisolated struct SharedPicture: Transferable {
    let url: URL
    let caption: String
    let images: ImagePipeline

    static var transferRepresentation: some TransferRepresentation {
      DataRepresentation(exportedContentType: .gif) { try await $0.bytes() }
        .exportingCondition { PictureFormat($0.url) == .gif }
      DataRepresentation(exportedContentType: .png) { try await $0.bytes() }
        .exportingCondition { PictureFormat($0.url) == .png }
      DataRepresentation(exportedContentType: .jpeg) { try await $0.bytes() }
        .exportingCondition { PictureFormat($0.url) == .jpeg }
    }

    private func bytes() async throws -> Data {
      if let data = await images.cachedData(for: url) { return data }
      let (data, response) = try await URLSession.shared.data(from: url)
      // An error page is not the picture: share nothing rather than a server's HTML.
      if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
        throw URLError(.badServerResponse)
      }
      return data
    }
  }

  /// Share: the picture with its caption on a picture day (`ShareItem.picture`), the APOD page
  /// for videos and interactive days (`ShareItem.link`).
  struct PictureShareButton: View {
    let apod: APOD
    let images: ImagePipeline

    var body: some View {
      switch ShareItem(apod) {
      case .picture(let url, let caption):
        ShareLink(
          item: SharedPicture(url: url, caption: caption, images: images), subject: Text(apod.title),
          message: Text(caption), preview: SharePreview(caption, image: Image(systemName: "photo"))
        ) {
          Label("Share", systemImage: "square.and.arrow.up")
        }
      case .link(let page, let title):
        ShareLink(item: page, subject: Text(title)) {
          Label("Share", systemImage: "square.and.arrow.up")
        }
      }
    }
  }

  /// Save to Photos: asks for add-only access the first time, then says how it went
  /// (`SavePictureResult.message`). Shown on picture days only.
  struct SaveToPhotosButton: View {
    let apod: APOD
    let saver: PictureSaver
    @State private var isSaving = false
    @State private var result: SavePictureResult?

    var body: some View {
      Button {
        isSaving = true
        Task {
          result = await saver.save(apod)
          isSaving = false
        }
      } label: {
        Label("Save to Photos", systemImage: "square.and.arrow.down")
      }
      .disabled(isSaving)
      .alert(
        result == .saved ? "Saved" : "Couldn't Save",
        isPresented: Binding(get: { result != nil }, set: { if !$0 { result = nil } }),
        presenting: result
      ) { _ in
        Button("OK") { result = nil }
      } message: { result in
        Text(result.message)
      }
    }
  }
#endif
