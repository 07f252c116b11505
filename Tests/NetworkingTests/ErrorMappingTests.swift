import Foundation
import Testing

@testable import Networking

@Suite struct ErrorMappingTests {
  @Test(arguments: ErrorFixture.all)
  func everyKnownErrorResponseMapsToItsCaseAndMessage(_ fixture: ErrorFixture) {
    let error = HTTPError(
      statusCode: fixture.status, headers: fixture.headers, body: Data(fixture.body.utf8),
      now: ErrorFixture.now)

    #expect(error == fixture.expected)
    let message = error?.userMessage(now: ErrorFixture.now) ?? ""
    for phrase in fixture.messageMentions {
      #expect(message.contains(phrase), "\(message)")
    }
  }

  @Test func jsonBodyWithJSONContentTypeIsUsable() {
    let error = HTTPError(
      statusCode: 200, headers: ["Content-Type": "application/json; charset=utf-8"],
      body: Data(#"{"date":"2026-11-20"}"#.utf8), now: ErrorFixture.now)
    #expect(error == nil)
  }

  @Test func jsonBodyUnderAnotherContentTypeIsRecognisedByParsing() {
    let error = HTTPError(
      statusCode: 200, headers: ["Content-Type": "text/plain"],
      body: Data("  [{\"date\":\"2026-11-20\"}]".utf8), now: ErrorFixture.now)
    #expect(error == nil)
  }

  @Test func htmlServedAsJSONIsStillNotJSON() {
    let error = HTTPError(
      statusCode: 200, headers: ["Content-Type": "application/json"],
      body: Data("<html>maintenance</html>".utf8), now: ErrorFixture.now)
    #expect(error == .nonJSONBody(statusCode: 200, contentType: "application/json"))
  }

  @Test func brokenJSONWithoutAContentTypeIsNotJSON() {
    let error = HTTPError(
      statusCode: 200, headers: [:], body: Data(#"{"date":"2026-"#.utf8), now: ErrorFixture.now)
    #expect(error == .nonJSONBody(statusCode: 200, contentType: nil))
  }

  @Test func headersAreMatchedWhateverTheirCase() {
    let error = HTTPError(
      statusCode: 429, headers: ["retry-after": "60", "content-type": "application/json"],
      body: Data(ErrorFixture.gateway("OVER_RATE_LIMIT", "slow down").utf8), now: ErrorFixture.now)
    #expect(error == .rateLimited(retryAt: ErrorFixture.now.addingTimeInterval(60)))
  }

  @Test func gatewayCodeDecidesOverTheStatus() {
    // A rate-limit body is a rate limit even if a proxy rewrote the status.
    let error = HTTPError(
      statusCode: 503, headers: [:],
      body: Data(ErrorFixture.gateway("OVER_RATE_LIMIT", "You have exceeded your rate limit.").utf8),
      now: ErrorFixture.now)
    #expect(error == .rateLimited(retryAt: nil))
  }

  @Test func unknownGatewayCodeFallsBackToTheStatus() {
    let error = HTTPError(
      statusCode: 503, headers: [:], body: Data(ErrorFixture.gateway("SOMETHING_NEW", "?").utf8),
      now: ErrorFixture.now)
    #expect(error == .server(statusCode: 503))
  }
}

@Suite struct ErrorBodyDecodingTests {
  @Test func decodesTheServiceShape() {
    let body = APIErrorBody(data: Data(ErrorFixture.service(404, "No data available for date: None").utf8))
    #expect(body == .service(code: 404, message: "No data available for date: None"))
  }

  @Test func decodesTheGatewayShape() {
    let body = APIErrorBody(data: Data(ErrorFixture.gateway("API_KEY_MISSING", "No api_key").utf8))
    #expect(body == .gateway(code: "API_KEY_MISSING", message: "No api_key"))
  }

  @Test func decodesTheWordPressShape() {
    let json = #"{"code":"apod_basic_not_found","message":"APOD not found.","data":{"status":404}}"#
    #expect(
      APIErrorBody(data: Data(json.utf8))
        == .wordPress(code: "apod_basic_not_found", message: "APOD not found.", status: 404))
  }

  @Test func decodesAWordPressErrorWithoutData() {
    let json = #"{"code":"rest_no_route","message":"No route was found."}"#
    #expect(
      APIErrorBody(data: Data(json.utf8))
        == .wordPress(code: "rest_no_route", message: "No route was found.", status: nil))
  }

  @Test(arguments: [
    "<html><body>502 Bad Gateway</body></html>",
    "upstream connect error or disconnect/reset before headers. reset reason: overflow",
    #"{"code":400,"msg":"#,
  ])
  func textThatIsNotJSONIsNotJSON(_ text: String) {
    #expect(APIErrorBody(data: Data(text.utf8)) == .notJSON)
  }

  @Test(arguments: [#"{"teapot":true}"#, "[1,2]", #""just a string""#, #"{"error":"flat text"}"#])
  func jsonOfNoKnownShapeIsUnrecognised(_ text: String) {
    #expect(APIErrorBody(data: Data(text.utf8)) == .unrecognizedJSON)
  }

  @Test func blankBodiesAreEmpty() {
    #expect(APIErrorBody(data: Data()) == .empty)
    #expect(APIErrorBody(data: Data(" \r\n".utf8)) == .empty)
  }

  @Test func messageIsTheServersSentence() {
    #expect(
      APIErrorBody(data: Data(ErrorFixture.service(500, "Internal Service Error").utf8)).message
        == "Internal Service Error")
    #expect(APIErrorBody(data: Data("<html/>".utf8)).message == nil)
  }
}
