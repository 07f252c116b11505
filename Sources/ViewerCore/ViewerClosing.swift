import ImageCache

/// After the viewer closes no HD bytes stay in memory (they stayed in the 96 MB tier until evicted);
/// the disk copy stays, so reopening decodes HD from disk while the preview shows.
public enum ViewerClosing {
  @MainActor
  public static func close(_ model: ProgressiveImageModel, images: ImagePipeline) async {
    await model.releaseHD()
    await images.removeFromMemory(model.hdURL, size: .full)
  }
}
