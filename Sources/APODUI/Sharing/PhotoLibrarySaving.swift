import Sharing

#if canImport(Photos) && canImport(SwiftUI)
  import Foundation
  import ImageCache
  import NASA
  import Photos

  extension PictureSaver {
    /// Saves to the user's Photos library with add-only access (`NSPhotoLibraryAddUsageDescription`
    /// in Info.plist): the picture's bytes come from `PictureDownload` (the image pipeline's disk
    /// tier, else one download through the app's transport, only bytes that are a picture), the
    /// same helper Share uses. A failure reads in the user's language (`ImagePipelineError`).
    public static func photoLibrary(pictures: PictureDownload) -> PictureSaver {
      PictureSaver(
        requestAccess: { await PhotoLibraryBridge.requestAddAccess() },
        download: { url in try await pictures.picture(at: url).data },
        addToLibrary: { data in try await PhotoLibraryBridge.add(data) })
    }
  }

  /// PhotoKit's callbacks turned into plain values, off the main actor: the handlers run on an
  /// arbitrary queue.
  nonisolated enum PhotoLibraryBridge {
    nonisolated static func requestAddAccess() async -> PhotoLibraryAddAccess {
      let status = await withCheckedContinuation {
        (continuation: CheckedContinuation<PHAuthorizationStatus, Never>) in
        PHPhotoLibrary.requestAuthorization(for: .addOnly) { status in continuation.resume(returning: status)
        }
      }
      switch status {
      case .authorized, .limited: return .granted
      case .restricted: return .restricted
      // `notDetermined` after a request means no answer was given: treated as a refusal.
      case .denied, .notDetermined: return .denied
      @unknown default: return .denied
      }
    }

    nonisolated static func add(_ data: Data) async throws {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        PHPhotoLibrary.shared().performChanges({
          PHAssetCreationRequest.forAsset().addResource(with: .photo, data: data, options: nil)
        }) { success, error in
          if success {
            continuation.resume()
          } else {
            continuation.resume(
              throwing: error ?? PictureSaver.PhotosRefusal())
          }
        }
      }
    }
  }
#endif
