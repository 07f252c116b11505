import Foundation

extension HTTPError {
  /// nil when the response is usable (2xx with the body `accepting` asks for), else the error it stands
  /// for; one mapping for JSON and images. 400, 404 and 429 mean the same whatever the body: the gateway
  /// answers a browser-like `Accept` with HTML, even for a 429.
  public init?(statusCode: Int, headers: [String: String], body: Data, now: Date) {
    self.init(response: HTTPResponse(statusCode: statusCode, headers: headers, body: body), now: now)
  }

  /// `now` anchors a `Retry-After` given in seconds.
  public init?(response: HTTPResponse, accepting accept: HTTPRequest.Accept = .json, now: Date) {
    let status = response.statusCode
    let contentType = response.header("Content-Type")
    if (200..<300).contains(status) {
      if accept == .image || JSONSniffer.isJSON(response.body, contentType: contentType) { return nil }
      self = .nonJSONBody(statusCode: status, contentType: contentType)
      return
    }

    let body = APIErrorBody(data: response.body)
    let errorPage = accept == .json && body == .notJSON
    let retryAt = RetryAfter.date(from: response.header("Retry-After"), now: now)
    if case .gateway(let code, let message) = body,
      let error = Self.gatewayError(code: code, message: message, statusCode: status, retryAt: retryAt)
    {
      self = error
      return
    }

    switch status {
    case 400:
      self = .badRequest(message: body.message)
    case 404:
      self = .notFound(message: body.message)
    case 429:
      self = .rateLimited(retryAt: retryAt)
    case 500..<600:
      self =
        errorPage ? .nonJSONBody(statusCode: status, contentType: contentType) : .server(statusCode: status)
    default:
      self =
        errorPage ? .nonJSONBody(statusCode: status, contentType: contentType) : .unexpectedStatus(status)
    }
  }

  /// The api-umbrella error codes (`config/schema.cue`) that say more than the status does.
  private static func gatewayError(
    code: String, message: String, statusCode: Int, retryAt: Date?
  ) -> HTTPError? {
    switch code {
    case "API_KEY_MISSING":
      .apiKeyMissing
    case "OVER_RATE_LIMIT":
      .rateLimited(retryAt: retryAt)
    case "HTTPS_REQUIRED":
      .insecureURL(message)
    case "NOT_FOUND":
      .notFound(message: message.isEmpty ? nil : message)
    case "INTERNAL_SERVER_ERROR":
      .server(statusCode: (500..<600).contains(statusCode) ? statusCode : 500)
    case _ where code.hasPrefix("API_KEY_"):
      // API_KEY_INVALID, _DISABLED, _UNVERIFIED, _UNAUTHORIZED: the key is unusable; the code
      // is kept so the message can say why.
      .apiKeyInvalid(code: code)
    default:
      nil
    }
  }
}
