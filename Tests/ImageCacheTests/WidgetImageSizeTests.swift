import ImageCache
import ImageTestSupport
import TestSupport
import Testing

@Suite("Widget pictures: decoded small enough for the extension's memory")
struct WidgetImageSizeTests {
  @Test func aSmallWidgetDecodesToItsOwnPixelSizeRoundedUpToAStep() {
    // 170 pt at 3× = 510 px → 512.
    #expect(ImageSize.widget(width: 170, height: 170, scale: 3).maxPixelSize == 512)
    // The medium widget's long side decides: 364 pt at 2× = 728 px → 768.
    #expect(ImageSize.widget(width: 364, height: 170, scale: 2).maxPixelSize == 768)
  }

  @Test func theLargeWidgetOnA3xPhoneIsCappedSoASquarePictureStaysUnder4MB() {
    let size = ImageSize.widget(width: 364, height: 382, scale: 3)
    #expect(size.maxPixelSize == ImageSize.widgetMaximumPixels)
    #expect(size.maxPixelSize * size.maxPixelSize * 4 <= 4_000_000)
  }

  @Test func aDegenerateSizeStillGivesOneStep() {
    #expect(ImageSize.widget(width: 0, height: 0, scale: 3).maxPixelSize == ImageSize.thumbnailStep)
    #expect(ImageSize.widget(width: .nan, height: 100, scale: 3).maxPixelSize == ImageSize.thumbnailStep)
  }

  @Test func aWidePictureCoversTheSmallWidgetInsteadOfBeingStretched() async throws {
    // The view fills the widget: a 16:9 picture's short side must reach the widget's 510 px.
    try await withServedImages { server, directory in
      let url = await server.serve("/wide.png", ImageFixtures.png(width: 1_920, height: 1_080))
      let image = try await makePipeline(directory).image(
        for: url, size: .widget(width: 170, height: 170, scale: 3))
      #expect(image.pixelHeight >= 510, "decoded \(image.pixelWidth)×\(image.pixelHeight)")
      #expect(image.pixelWidth >= 906 && image.pixelWidth <= 910)
    }
  }

  @Test func theShortSideCoversEveryWidgetFamily() throws {
    let families: [(Double, Double)] = [(170, 170), (364, 170), (364, 382)]
    for (width, height) in families {
      let size = ImageSize.widget(width: width, height: height, scale: 3)
      let box = try #require(size.coverage)
      for (imageWidth, imageHeight) in [(1_920, 1_080), (1_080, 1_920), (4_000, 4_000), (3_000, 2_000)] {
        let long = size.maxPixelSize(forImageWidth: imageWidth, height: imageHeight)
        let scale = Double(long) / Double(max(imageWidth, imageHeight))
        let decodedWidth = Double(imageWidth) * scale
        let decodedHeight = Double(imageHeight) * scale
        let area = decodedWidth * decodedHeight
        if area < Double(ImageSize.widgetMaximumPixelArea) * 0.99 {
          // Not limited by the area: the picture covers the whole box.
          #expect(decodedWidth >= Double(box.width) - 1 && decodedHeight >= Double(box.height) - 1)
        }
        #expect(area <= Double(ImageSize.widgetMaximumPixelArea))
      }
    }
  }

  @Test func aPanoramaInTheLargeWidgetIsCappedByPixelArea() {
    // Covering 1092 × 1146 px with a 10:1 panorama would need 11,460 × 1,146 px (50 MB).
    let size = ImageSize.widget(width: 364, height: 382, scale: 3)
    let long = size.maxPixelSize(forImageWidth: 20_000, height: 2_000)
    let height = long / 10
    #expect(long * height <= ImageSize.widgetMaximumPixelArea)
    #expect(long * height >= ImageSize.widgetMaximumPixelArea * 98 / 100)
  }

  @Test func aSmallPictureIsNeverEnlargedAndOtherSizesIgnoreTheShape() {
    let widget = ImageSize.widget(width: 364, height: 382, scale: 3)
    #expect(widget.maxPixelSize(forImageWidth: 300, height: 200) == 300)
    #expect(ImageSize.preview.maxPixelSize(forImageWidth: 1_920, height: 1_080) == 1_280)
    #expect(ImageSize.preview.coverage == nil)
  }
}
