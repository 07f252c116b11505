import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// The Explore grid shows two columns on an iPhone; thumbnails decoded for three were soft at 3×.
@Suite("Thumbnails are decoded for the cell they fill")
struct ThumbnailSizingTests {
  @Test func aPhoneWidthGridHasTwoColumnsAsSwiftUIsAdaptiveGridLaysThemOut() {
    // iPhone 15 / 16: 393 pt wide, 16 pt margins each side.
    let layout = ThumbnailGridLayout(containerWidth: 393 - 32, minimumCellWidth: 150, spacing: 12)
    #expect(layout.columns == 2)
    #expect(layout.cellWidth == (361.0 - 12) / 2)
    // iPhone SE: 375 pt.
    #expect(ThumbnailGridLayout(containerWidth: 375 - 32, minimumCellWidth: 150, spacing: 12).columns == 2)
  }

  @Test func theThumbnailCoversTheCellInPixelsAtTheScreensScale() {
    let layout = ThumbnailGridLayout(containerWidth: 361, minimumCellWidth: 150, spacing: 12)
    let size = layout.thumbnailSize(scale: 3)
    #expect(Double(size.maxPixelSize) >= layout.cellWidth * 3)  // 523.5 px: sharp
    #expect(size.maxPixelSize <= ImageSize.preview.maxPixelSize)
    // At 2× the same cell needs fewer pixels, and gets them.
    #expect(layout.thumbnailSize(scale: 2).maxPixelSize < size.maxPixelSize)
  }

  @Test func nearbyCellWidthsShareOneSizeSoTheCacheKeepsOneCopy() {
    #expect(ImageSize.thumbnail(cellWidth: 174.5, scale: 3) == ImageSize.thumbnail(cellWidth: 172, scale: 3))
  }

  @Test func sizesStayWithinSaneBounds() {
    #expect(ImageSize.thumbnail(cellWidth: 5_000, scale: 3) == .preview)
    #expect(ImageSize.thumbnail(cellWidth: 0, scale: 3).maxPixelSize >= 64)
    #expect(ImageSize.thumbnail(cellWidth: .nan, scale: 3).maxPixelSize >= 64)
  }

  @Test func thePipelineDecodesToTheDerivedSizeAndKnowsItIsCached() async throws {
    try await withServedImages { server, directory in
      await server.serve("/a.jpg", ImageFixtures.jpeg(width: 2_000, height: 1_000), contentType: "image/jpeg")
      let pipeline = makePipeline(directory)
      let size = ImageSize.thumbnail(cellWidth: 174.5, scale: 3)

      let image = try await pipeline.image(for: server.url("/a.jpg"), size: size)

      #expect(image.pixelWidth == size.maxPixelSize)
      #expect(await pipeline.imageInMemory(for: server.url("/a.jpg"), size: size) == image)
      #expect(await pipeline.isCached(server.url("/a.jpg")))
    }
  }
}
