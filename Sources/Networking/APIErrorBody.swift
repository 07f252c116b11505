import Foundation

/// Three JSON error shapes exist (see docs/APOD-SERVICE.md) and proxies answer outages with HTML
/// or text, so a body is decoded leniently: JSON in none of the shapes is `.unrecognizedJSON`.
public enum APIErrorBody: Sendable, Hashable {
  /// The apod-api service: `{"code":400,"msg":"…","service_version":"v1"}`.
  case service(code: Int, message: String)
  /// The api.data.gov gateway: `{"error":{"code":"API_KEY_INVALID","message":"…"}}`.
  case gateway(code: String, message: String)
  /// The science.nasa.gov WordPress REST API (apod-basic):
  /// `{"code":"apod_basic_not_found","message":"APOD not found.","data":{"status":404}}`.
  case wordPress(code: String, message: String, status: Int?)
  case unrecognizedJSON
  /// A body that is not JSON at all: an HTML error page, or proxy text such as
  /// "upstream connect error or disconnect/reset before headers".
  case notJSON
  case empty

  public init(data: Data) {
    guard JSONSniffer.firstSignificantByte(of: data) != nil else {
      self = .empty
      return
    }
    guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
      // Arrays, strings and numbers are JSON too, just not an error shape.
      self = JSONSniffer.parses(data) ? .unrecognizedJSON : .notJSON
      return
    }
    if let gateway = envelope.error, let code = gateway.code {
      self = .gateway(code: code, message: gateway.message ?? "")
    } else if case .number(let code) = envelope.code, let message = envelope.msg {
      self = .service(code: code, message: message)
    } else if case .text(let code) = envelope.code, let message = envelope.message {
      self = .wordPress(code: code, message: message, status: envelope.data?.status)
    } else {
      self = .unrecognizedJSON
    }
  }

  public var message: String? {
    switch self {
    case .service(_, let message), .gateway(_, let message), .wordPress(_, let message, _):
      message.isEmpty ? nil : message
    case .unrecognizedJSON, .notJSON, .empty:
      nil
    }
  }
}

/// Every field is lenient: a field of an unexpected type makes the body unrecognised, not undecodable.
private struct Envelope: Decodable {
  enum Code: Decodable {
    case number(Int)
    case text(String)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        self = .number(number)
      } else {
        self = .text(try container.decode(String.self))
      }
    }
  }

  struct Gateway: Decodable {
    @Lenient var code: String?
    @Lenient var message: String?
  }

  struct WordPressData: Decodable {
    @Lenient var status: Int?
  }

  @Lenient var code: Code?
  @Lenient var msg: String?
  @Lenient var message: String?
  @Lenient var error: Gateway?
  @Lenient var data: WordPressData?
}

/// A field that reads as `nil` when it is missing, `null` or of another type: one odd field of an
/// error body never makes the whole body unreadable.
@propertyWrapper
private struct Lenient<Value: Decodable>: Decodable {
  var wrappedValue: Value?

  init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  init(from decoder: any Decoder) throws {
    wrappedValue = try? decoder.singleValueContainer().decode(Value.self)
  }
}

extension KeyedDecodingContainer {
  /// A missing key is a `nil` field, not a `keyNotFound` error (the synthesized decoders ask for
  /// every property's key).
  fileprivate func decode<Value>(_ type: Lenient<Value>.Type, forKey key: Key) throws -> Lenient<Value> {
    try decodeIfPresent(type, forKey: key) ?? Lenient(wrappedValue: nil)
  }
}
