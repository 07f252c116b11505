import Foundation
import Networking
import Testing

/// One response the NASA services (or the proxies in front of them) send, with the error it must
/// become and words its message must contain. The bodies are the error answers the services are
/// known to send (docs/APOD-SERVICE.md), in their exact shapes, plus the non-JSON pages seen during outages.
struct ErrorFixture: Sendable, CustomTestStringConvertible {
  /// The instant every fixture's `Retry-After` is measured from (2026-11-20 12:00:00 UTC).
  static let now = Date(timeIntervalSince1970: 1_795_176_000)

  var name: String
  var status: Int
  var headers: [String: String]
  var body: String
  var expected: HTTPError
  /// Phrases the user message must contain (compared case-sensitively).
  var messageMentions: [String]

  var testDescription: String { name }

  var contentType: String? { headers["Content-Type"] }

  init(
    _ name: String, status: Int, contentType: String? = "application/json",
    headers: [String: String] = [:], body: String, expected: HTTPError, mentions: [String]
  ) {
    self.name = name
    self.status = status
    var all = headers
    if let contentType { all["Content-Type"] = contentType }
    self.headers = all
    self.body = body
    self.expected = expected
    self.messageMentions = mentions
  }

  static func service(_ code: Int, _ msg: String) -> String {
    #"{"code":\#(code),"msg":"\#(msg)","service_version":"v1"}"#
  }

  static func gateway(_ code: String, _ message: String) -> String {
    #"{"error":{"code":"\#(code)","message":"\#(message)"}}"#
  }

  static let fieldList = "'concept_tags', 'date', 'hd', 'count', 'start_date', 'end_date', 'thumbs'"

  /// Every error response Spacer knows of.
  static let all: [ErrorFixture] = [
    ErrorFixture(
      "400 date out of range", status: 400,
      body: service(400, "Date must be between Jun 16, 1995 and Dec 13, 2021."),
      expected: .badRequest(message: "Date must be between Jun 16, 1995 and Dec 13, 2021."),
      mentions: ["between Jun 16, 1995 and Dec 13, 2021"]),
    ErrorFixture(
      "400 start after end", status: 400,
      body: service(400, "start_date cannot be after end_date"),
      expected: .badRequest(message: "start_date cannot be after end_date"),
      mentions: ["start must not be after the end", "from June 16, 1995 to today"]),
    ErrorFixture(
      "400 count too large", status: 400,
      body: service(400, "Count must be positive and cannot exceed 100"),
      expected: .badRequest(message: "Count must be positive and cannot exceed 100"),
      mentions: ["between 1 and 100"]),
    ErrorFixture(
      "400 count not a number", status: 400,
      body: service(400, "invalid literal for int() with base 10: 'abc'"),
      expected: .badRequest(message: "invalid literal for int() with base 10: 'abc'"),
      mentions: ["between 1 and 100"]),
    ErrorFixture(
      "400 date not parseable", status: 400,
      body: service(400, "time data 'banana' does not match format '%Y-%m-%d'"),
      expected: .badRequest(message: "time data 'banana' does not match format '%Y-%m-%d'"),
      mentions: ["date is not valid", "from June 16, 1995 to today"]),
    ErrorFixture(
      "400 invalid field combination", status: 400,
      body: service(
        400,
        "Bad Request: invalid field combination passed. Allowed request fields for apod method are "
          + fieldList),
      expected: .badRequest(
        message: "Bad Request: invalid field combination passed. Allowed request fields for apod "
          + "method are " + fieldList),
      mentions: ["could not understand the request"]),
    ErrorFixture(
      "400 incorrect field", status: 400,
      body: service(
        400, "Bad Request: incorrect field passed. Allowed request fields for apod method are " + fieldList),
      expected: .badRequest(
        message: "Bad Request: incorrect field passed. Allowed request fields for apod method are "
          + fieldList),
      mentions: ["could not understand the request"]),
    ErrorFixture(
      "400 HTML page", status: 400, contentType: "text/html",
      body: "<html><body><h1>400 Bad Request</h1></body></html>",
      expected: .badRequest(message: nil),
      mentions: ["from June 16, 1995 to today"]),
    ErrorFixture(
      "404 no data for a date", status: 404,
      body: service(404, "No data available for date: 1995-06-17"),
      expected: .notFound(message: "No data available for date: 1995-06-17"),
      mentions: ["no picture for 1995-06-17"]),
    ErrorFixture(
      "404 no data without a date", status: 404,
      body: service(404, "No data available for date: None"),
      expected: .notFound(message: "No data available for date: None"),
      mentions: ["could not find"]),
    ErrorFixture(
      "404 unknown path", status: 404,
      body: service(404, "Sorry, Nothing at this URL."),
      expected: .notFound(message: "Sorry, Nothing at this URL."),
      mentions: ["could not find"]),
    ErrorFixture(
      "404 apod-basic not found", status: 404,
      body: #"{"code":"apod_basic_not_found","message":"APOD not found.","data":{"status":404}}"#,
      expected: .notFound(message: "APOD not found."),
      mentions: ["could not find"]),
    ErrorFixture(
      "404 empty", status: 404, contentType: nil, body: "",
      expected: .notFound(message: nil),
      mentions: ["could not find"]),
    ErrorFixture(
      "500 service error", status: 500,
      body: service(500, "Internal Service Error"),
      expected: .server(statusCode: 500),
      mentions: ["error 500", "Try again in a few minutes"]),
    ErrorFixture(
      "403 API_KEY_MISSING", status: 403,
      body: gateway("API_KEY_MISSING", "No api_key was supplied. Get one at https://api.nasa.gov:443"),
      expected: .apiKeyMissing,
      mentions: ["No NASA API key was sent"]),
    ErrorFixture(
      "403 API_KEY_INVALID", status: 403,
      body: gateway(
        "API_KEY_INVALID", "An invalid api_key was supplied. Get one at https://api.nasa.gov:443"),
      expected: .apiKeyInvalid(code: "API_KEY_INVALID"),
      mentions: ["API key is not valid"]),
    ErrorFixture(
      "403 API_KEY_DISABLED", status: 403,
      body: gateway("API_KEY_DISABLED", "The api_key supplied has been disabled."),
      expected: .apiKeyInvalid(code: "API_KEY_DISABLED"),
      mentions: ["has been disabled"]),
    ErrorFixture(
      "403 API_KEY_UNVERIFIED", status: 403,
      body: gateway("API_KEY_UNVERIFIED", "The api_key supplied has not been verified yet."),
      expected: .apiKeyInvalid(code: "API_KEY_UNVERIFIED"),
      mentions: ["not been verified"]),
    ErrorFixture(
      "403 API_KEY_UNAUTHORIZED", status: 403,
      body: gateway("API_KEY_UNAUTHORIZED", "The api_key supplied is not authorized to access the service."),
      expected: .apiKeyInvalid(code: "API_KEY_UNAUTHORIZED"),
      mentions: ["not allowed to use this service"]),
    ErrorFixture(
      "429 OVER_RATE_LIMIT with Retry-After seconds", status: 429,
      headers: ["Retry-After": "2870", "X-RateLimit-Limit": "1000", "X-RateLimit-Remaining": "0"],
      body: gateway(
        "OVER_RATE_LIMIT",
        "You have exceeded your rate limit. Try again later or contact us at "
          + "https://api.nasa.gov:443/contact/ for assistance"),
      expected: .rateLimited(retryAt: now.addingTimeInterval(2870)),
      mentions: ["Try again in 48 minutes"]),
    ErrorFixture(
      "429 OVER_RATE_LIMIT with Retry-After date", status: 429,
      headers: ["Retry-After": "Fri, 20 Nov 2026 14:30:00 GMT"],
      body: gateway("OVER_RATE_LIMIT", "You have exceeded your rate limit."),
      expected: .rateLimited(retryAt: now.addingTimeInterval(9000)),
      mentions: ["Try again in about 3 hours"]),
    ErrorFixture(
      "429 HTML page for a browser Accept", status: 429, contentType: "text/html",
      headers: ["Retry-After": "600"],
      body: "<html><body><h1>OVER_RATE_LIMIT</h1><p>You have exceeded your rate limit.</p></body></html>",
      expected: .rateLimited(retryAt: now.addingTimeInterval(600)),
      mentions: ["Try again in 10 minutes"]),
    ErrorFixture(
      "400 HTTPS_REQUIRED", status: 400,
      body: gateway("HTTPS_REQUIRED", "Requests must be made over HTTPS. Try accessing the API at https"),
      expected: .insecureURL("Requests must be made over HTTPS. Try accessing the API at https"),
      mentions: ["must use https"]),
    ErrorFixture(
      "404 gateway NOT_FOUND", status: 404,
      body: gateway("NOT_FOUND", "No api found for this request"),
      expected: .notFound(message: "No api found for this request"),
      mentions: ["could not find"]),
    ErrorFixture(
      "500 gateway INTERNAL_SERVER_ERROR", status: 500,
      body: gateway("INTERNAL_SERVER_ERROR", "An unexpected error has occurred."),
      expected: .server(statusCode: 500),
      mentions: ["error 500"]),
    ErrorFixture(
      "502 upstream connect error text", status: 502, contentType: "text/plain",
      body: "upstream connect error or disconnect/reset before headers. reset reason: connection failure",
      expected: .nonJSONBody(statusCode: 502, contentType: "text/plain"),
      mentions: ["error 502", "Try again in a few minutes"]),
    ErrorFixture(
      "502 HTML page", status: 502, contentType: "text/html",
      body: "<html><head><title>502 Bad Gateway</title></head><body>Bad Gateway</body></html>",
      expected: .nonJSONBody(statusCode: 502, contentType: "text/html"),
      mentions: ["error 502"]),
    ErrorFixture(
      "503 HTML page", status: 503, contentType: "text/html",
      body: "<!DOCTYPE html><html><body>Service Temporarily Unavailable</body></html>",
      expected: .nonJSONBody(statusCode: 503, contentType: "text/html"),
      mentions: ["error 503"]),
    ErrorFixture(
      "504 empty", status: 504, contentType: nil, body: "",
      expected: .server(statusCode: 504),
      mentions: ["error 504"]),
    ErrorFixture(
      "403 HTML page", status: 403, contentType: "text/html",
      body: "<html><body>Access denied</body></html>",
      expected: .nonJSONBody(statusCode: 403, contentType: "text/html"),
      mentions: ["error page instead of data (error 403)"]),
    ErrorFixture(
      "418 JSON of no known shape", status: 418,
      body: #"{"teapot":true}"#,
      expected: .unexpectedStatus(418),
      mentions: ["error 418"]),
    ErrorFixture(
      "200 HTML page", status: 200, contentType: "text/html",
      body: "<html><body>Sign in to this Wi-Fi network</body></html>",
      expected: .nonJSONBody(statusCode: 200, contentType: "text/html"),
      mentions: ["web page instead of data"]),
    ErrorFixture(
      "200 empty body", status: 200, body: "",
      expected: .nonJSONBody(statusCode: 200, contentType: "application/json"),
      mentions: ["web page instead of data"]),
  ]
}
