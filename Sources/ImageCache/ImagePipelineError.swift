import Localization
import Networking

/// Everything that can stop the pipeline from producing an image, each with a message for people.
public enum ImagePipelineError: Error, Sendable, Hashable {
  /// The URL is not http(s) (a `file:` or `data:` URL, or no host); nothing was fetched.
  case unsupportedURL(String)
  /// The server or the connection failed: 404, 5xx, offline, timed out, cut short.
  case http(HTTPError)
  /// The server answered 2xx with something that is not an image (an HTML error page from a
  /// proxy, or JSON). `contentType` is what it declared.
  case notAnImage(contentType: String?)
  /// The bytes claim to be an image but are damaged, incomplete or unreadable.
  case undecodable(ImageDecodingError)
  /// Every caller waiting for this image went away.
  case cancelled
  /// Low Data Mode is on and only a constrained network is available: large images (HD, favorites'
  /// offline copies) wait for another network; previews still load.
  case lowDataMode
  /// The picture's file is larger than a widget may decode (`ImageSize.widgetMaximumFileBytes`):
  /// the widget draws its placeholder with the title instead of risking its memory limit.
  case tooLargeForWidget(bytes: Int, limit: Int)

  /// The pipeline's error for a failed download: Low Data Mode and cancellation are the
  /// pipeline's own cases, everything else stays the HTTP error it is.
  public init(_ error: HTTPError) {
    switch error {
    case .lowDataMode: self = .lowDataMode
    case .cancelled: self = .cancelled
    default: self = .http(error)
    }
  }

  /// A sentence for people.
  public var message: String {
    switch self {
    case .unsupportedURL(let url):
      Localized.text("Images can only be loaded from web addresses (http or https), not “%@”.", url)
    case .http(let error):
      Self.message(for: error)
    case .notAnImage(let contentType):
      if let contentType {
        Localized.text("The server sent a page (%@) instead of the image.", contentType)
      } else {
        Localized.text("The server sent a page instead of the image.")
      }
    case .undecodable(let error):
      error.message
    case .cancelled:
      Localized.text("Loading the image was cancelled.")
    case .lowDataMode:
      Localized.text("Low Data Mode is on, so the full-resolution image isn’t downloaded on this network.")
    case .tooLargeForWidget(let bytes, let limit):
      Localized.text(
        "The picture is too large for the widget (%lld MB, more than %lld MB).", bytes >> 20, limit >> 20)
    }
  }

  /// A failed connection reads as it does for JSON (`HTTPError.connectionMessage`); the server's
  /// answers are worded for an image.
  private static func message(for error: HTTPError) -> String {
    if let connectionMessage = error.connectionMessage { return connectionMessage }
    return switch error {
    case .notFound: Localized.text("This image is no longer on NASA's server.")
    case .server(let status):
      Localized.text("NASA's image server had a problem (error %lld). Try again later.", status)
    case .rateLimited: Localized.text("Too many images were requested at once. Try again in a moment.")
    case .unexpectedStatus(let status):
      Localized.text("NASA's image server answered with an unexpected status (%lld).", status)
    case .nonJSONBody, .badRequest, .apiKeyMissing, .apiKeyInvalid, .circuitOpen, .offline, .lowDataMode,
      .timedOut, .cancelled, .insecureURL, .transport:
      Localized.text("The image could not be downloaded.")
    }
  }
}
