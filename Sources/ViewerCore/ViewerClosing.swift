import ImageCache

/// Closing the full-screen viewer lets go of every decoded HD byte.
///
/// Rule: the model drops its HD image and goes back to the preview (`releaseHD()`), and the image
/// pipeline's memory tier drops the HD image too, so after the viewer closes no HD bytes stay in
/// memory (they stayed in the 96 MB tier until evicted). The disk copy stays: opening the viewer
/// again decodes HD from disk while the preview shows. If the viewer opened again meanwhile, the
/// model still shows the HD image it holds; only the cache entry is gone.
public enum ViewerClosing {
  @MainActor
  public static func close(_ model: ProgressiveImageModel, images: ImagePipeline) async {
    await model.releaseHD()
    await images.removeFromMemory(model.hdURL, size: .full)
  }
}
