import Foundation
import Testing

@testable import ImageCache

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

  /// The shortcut for an address already normal gives what taking it apart gives, or is not taken.
  @Test(arguments: [
    "https://apod.nasa.gov/apod/image/2611/RingShell_Delgado_960.jpg",
    "https://assets.science.nasa.gov/dynamicimage/assets/science/psd/apod/2026/11/a.jpg?w=1024&h=768&fit=clip",
    "https://apod.nasa.gov/apod/image/2611/Ring%20Shell.jpg",
    "https://apod.nasa.gov/apod/image/2611/a.jpg?x=1&y=%7C|{}",
    "https://apod.nasa.gov", "https://apod.nasa.gov/", "https://img.youtube.com/vi/Xq7Rp2Ln0sA/0.jpg",
    "https://APOD.nasa.gov/a.jpg", "https://apod.nasa.gov:443/a.jpg", "https://user@apod.nasa.gov/a.jpg",
    "https://apod.nasa.gov/a.jpg#top", "http://apod.nasa.gov/a.jpg", "HTTPS://apod.nasa.gov/a.jpg",
    "https://apod.nasa.gov/caf%C3%A9.jpg", "https://xn--caf-dma.example/a.jpg",
  ])
  func theShortcutAgreesWithTheComponents(address: String) throws {
    let url = try #require(URL(string: address))
    let expected = try ImageURLPolicy.normalizedByComponents(url)
    #expect(try ImageURLPolicy.normalized(url) == expected)
    if ImageURLPolicy.isNormalAlready(url) { #expect(url == expected) }
  }

  @Test func theShortcutIsTakenForWhatNASASends() throws {
    let url = try #require(URL(string: "https://apod.nasa.gov/apod/image/2611/RingShell_Delgado_960.jpg"))
    #expect(ImageURLPolicy.isNormalAlready(url))
    let relative = try #require(
      URL(string: "image/a.jpg", relativeTo: URL(string: "https://apod.nasa.gov/apod/")))
    #expect(!ImageURLPolicy.isNormalAlready(relative))
  }

  @Test func refusalHasASpecificMessage() {
    let error = ImagePipelineError.unsupportedURL("file:///etc/passwd")
    #expect(error.message.contains("http or https"))
    #expect(error.message.contains("file:///etc/passwd"))
  }
}
