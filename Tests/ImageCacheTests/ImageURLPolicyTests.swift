import Foundation
import ImageCache
import Testing

@Suite("URL hygiene")
struct ImageURLPolicyTests {
  private func normalized(_ string: String) throws -> String {
    try ImageURLPolicy.normalized(#require(URL(string: string))).absoluteString
  }

  @Test(arguments: [
    ("http://apod.nasa.gov/apod/image/2401/a.jpg", "https://apod.nasa.gov/apod/image/2401/a.jpg"),
    ("http://nasa.gov/a.png", "https://nasa.gov/a.png"),
    ("HTTP://APOD.NASA.GOV/apod/image/A.jpg", "https://apod.nasa.gov/apod/image/A.jpg"),
    ("http://images-assets.nasa.gov/image/x/x~orig.jpg", "https://images-assets.nasa.gov/image/x/x~orig.jpg"),
  ])
  func nasaHttpIsUpgradedToHttps(input: String, expected: String) throws {
    #expect(try normalized(input) == expected)
  }

  @Test(arguments: [
    "http://127.0.0.1:8080/image.png",
    "http://localhost/image.png",
    "http://nasa.gov.example.com/a.jpg",
    "http://notnasa.gov/a.jpg",
  ])
  func otherHttpHostsStayHttp(input: String) throws {
    #expect(try normalized(input) == input)
  }

  @Test func httpsIsKeptAndTheFragmentDropped() throws {
    #expect(try normalized("https://apod.nasa.gov/a.jpg?x=1#top") == "https://apod.nasa.gov/a.jpg?x=1")
  }

  @Test(arguments: [
    "file:///etc/passwd", "ftp://apod.nasa.gov/a.jpg", "data:image/png;base64,AAAA", "https:///a.jpg",
  ])
  func nonWebURLsAreRefused(input: String) throws {
    let url = try #require(URL(string: input))
    #expect(throws: ImagePipelineError.unsupportedURL(input)) { try ImageURLPolicy.normalized(url) }
  }

  @Test func refusalHasASpecificMessage() {
    let error = ImagePipelineError.unsupportedURL("file:///etc/passwd")
    #expect(error.message.contains("http or https"))
    #expect(error.message.contains("file:///etc/passwd"))
  }
}
