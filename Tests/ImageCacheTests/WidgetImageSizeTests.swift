import ImageCache
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
}
