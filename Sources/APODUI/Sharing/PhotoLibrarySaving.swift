#if canImport(Photos) && canImport(SwiftUI)
  import Foundation
  import ImageCache
  import NASA
  import Photos

  extension PictureSaver {
    /// Saves to the user's Photos library with add-only access (`NSPhotoLibraryAddUsageDescription`
    /// in Info.plist): the picture's bytes come from the image pipeline's disk tier when it has
    /// them, else from the network once.
    public static func photoLibrary(images: ImagePipeline, session: URLSession = .shared) -> PictureSaver {
      PictureSaver(
        requestAccess: { await PhotoLibraryBridge.requestAddAccess() },
        download: { url in
          if let data = await images.cachedData(for: url) { return data }
          let (data, response) = try await session.data(from: url)
          if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw PhotoSaveError(errorDescription: "the server answered \(http.statusCode)")
          }
          return data
        },
        addToLibrary: { data in try await PhotoLibraryBridge.add(data) })
    }
  }

  /// A reason the adapter gives in its own words (`SavePictureResult.failed`).
  nonisolated struct PhotoSaveError: LocalizedError {
    let errorDescription: String?
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
              throwing: error ?? PhotoSaveError(errorDescription: "Photos did not accept the picture"))
          }
        }
      }
    }
  }
#endif
