import Foundation
import Testing

@testable import NASA

/// apod-basic's picture is NASA's resizing CDN; lists ask it for the standard width, keeping the
/// other parameters and their order.
@Suite("The standard size on NASA's image CDN")
struct StandardSizeTests {
  private static let cdn =
    "https://assets.science.nasa.gov/dynamicimage/assets/science/cds/apod/apod/2026/november"

  @Test(arguments: [
    (
      "/a.jpg?w=4000&h=2500&fit=clip&crop=faces%2Cfocalpoint",
      "/a.jpg?w=1024&h=640&fit=clip&crop=faces%2Cfocalpoint"
    ),
    ("/a.jpg?h=2000&w=3000", "/a.jpg?h=683&w=1024"),
    ("/a.jpg?w=2048", "/a.jpg?w=1024"),
    ("/a.jpg", "/a.jpg?w=1024"),
    ("/a.jpg?fit=clip", "/a.jpg?w=1024&fit=clip"),
    ("/a.jpg?w=4000&h=2500#top", "/a.jpg?w=1024&h=640#top"),
    ("/a.jpg?w=2048&h=1365&fit=clip&w=9", "/a.jpg?w=1024&h=683&fit=clip&w=1024"),
    ("/a.jpg?w=wide&h=100", "/a.jpg?w=1024"),
  ])
  func aLargePictureIsAskedAtTheStandardWidth(query: String, expected: String) throws {
    let url = try #require(URL(string: Self.cdn + query))
    #expect(MediaURL.standardSize(url).absoluteString == Self.cdn + expected)
  }

  @Test(arguments: [
    "https://assets.science.nasa.gov/dynamicimage/a.jpg?w=800&h=450",
    "https://assets.science.nasa.gov/dynamicimage/a.jpg?w=1024&h=768",
    "https://assets.science.nasa.gov/dynamicimage/a.jpg?w=0",
    "https://assets.science.nasa.gov/other/a.jpg?w=4000",
    "https://apod.nasa.gov/apod/image/2611/a_2048.jpg?w=4000",
  ])
  func aSmallPictureOrAnotherHostIsKept(address: String) throws {
    let url = try #require(URL(string: address))
    #expect(MediaURL.standardSize(url) == url)
  }
}
