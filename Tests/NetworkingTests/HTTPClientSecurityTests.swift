import Foundation
import TestSupport
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct HTTPClientSecurityTests {
  /// A client whose session would fail loudly if anything reached the network.
  func client() -> HTTPClient {
    HTTPClient(
      session: URLSession(configuration: .ephemeral), rateLimiter: nil, retryPolicy: nil,
      circuitBreaker: nil, clock: TestClock())
  }

  @Test(arguments: [
    "http://api.nasa.gov/planetary/apod?date=2026-11-20&api_key=SECRET",
    "http://APOD.NASA.GOV/apod/astropix.html",
    "http://science.nasa.gov./wp-json/wp/v2/apod-basic",
    "http://example.com/apod.json",
    "ftp://api.nasa.gov/planetary/apod",
    "file:///etc/passwd",
  ])
  func plainOrForeignSchemesAreRefusedBeforeSending(_ address: String) async throws {
    let url = try #require(URL(string: address))
    let error = await #expect(throws: HTTPError.self) {
      try await client().send(HTTPRequest(url: url))
    }
    guard case .insecureURL(let shown) = error else {
      Issue.record("expected .insecureURL, got \(String(describing: error))")
      return
    }
    // The refusal names the address without its query, which can carry the API key.
    #expect(shown == address.components(separatedBy: "?")[0])
    #expect(error?.userMessage(now: TestClock.referenceDate).contains("SECRET") == false)
  }

  @Test(arguments: [
    "https://api.nasa.gov/planetary/apod", "http://127.0.0.1:8080/apod", "http://localhost:8080/apod",
    "http://[::1]:8080/apod", "http://127.1.2.3/apod",
  ])
  func httpsAndLoopbackAddressesAreAllowed(_ address: String) throws {
    let url = try #require(URL(string: address))
    #expect(throws: Never.self) { try HTTPTransport.requireSecure(url) }
  }

  @Test(arguments: [
    "127.0.0.1.example.com", "127.evil.example.com", "127.0.0.256", "nasa.gov", "10.0.0.1",
    "localhost.nasa.gov",
  ])
  func lookalikeHostsAreNotLoopback(_ host: String) {
    #expect(!HTTPTransport.isLoopback(host))
  }

  @Test func acceptIsAlwaysJSONAndTheSocketsIdleTimeoutIsOnlyABackstopBehindTheDeadline() throws {
    let url = try #require(URL(string: "https://api.nasa.gov/planetary/apod"))
    let request = HTTPTransport.urlRequest(
      for: HTTPRequest(url: url, headers: ["accept": "text/html"], timeout: .milliseconds(200)))
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    #expect(request.httpMethod == "GET")
    // The deadline is measured on the clock; real time only ends a socket that went silent.
    #expect(HTTPTransport.socketIdleBackstop == 120)
    #expect(request.timeoutInterval == 120)
    let long = HTTPTransport.urlRequest(for: HTTPRequest(url: url, timeout: .seconds(600)))
    #expect(long.timeoutInterval == 600)
  }
}

@Suite struct TransportErrorMappingTests {
  @Test(arguments: [
    URLError.Code.notConnectedToInternet, .cannotFindHost, .dnsLookupFailed, .dataNotAllowed,
    .internationalRoamingOff,
  ])
  func missingNetworkIsOffline(_ code: URLError.Code) {
    #expect(HTTPTransport.transportError(URLError(code)) == .offline)
  }

  @Test func urlTimeoutIsTimedOut() {
    #expect(HTTPTransport.transportError(URLError(.timedOut)) == .timedOut)
  }

  @Test func urlCancellationIsCancelled() {
    #expect(HTTPTransport.transportError(URLError(.cancelled)) == .cancelled)
  }

  @Test(arguments: [
    URLError.Code.networkConnectionLost, .cannotConnectToHost, .secureConnectionFailed, .badServerResponse,
    .unknown,
  ])
  func brokenExchangesAreTransportErrors(_ code: URLError.Code) {
    guard case .transport = HTTPTransport.transportError(URLError(code)) else {
      Issue.record("\(code.rawValue) should be a transport error")
      return
    }
  }

  @Test func bodyShorterThanItsContentLengthIsTruncated() {
    let short = HTTPResponse(statusCode: 200, headers: ["Content-Length": "100"], body: Data(count: 40))
    let whole = HTTPResponse(statusCode: 200, headers: ["Content-Length": "40"], body: Data(count: 40))
    let gzipped = HTTPResponse(
      statusCode: 200, headers: ["Content-Length": "100", "Content-Encoding": "gzip"], body: Data(count: 40))
    #expect(HTTPTransport.isTruncated(short))
    #expect(!HTTPTransport.isTruncated(whole))
    #expect(!HTTPTransport.isTruncated(gzipped))
  }
}
