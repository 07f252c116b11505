import Localization
import Networking

public enum ImagePipelineError: Error, Sendable, Hashable {
  case unsupportedURL(String)
  case http(HTTPError)
  case notAnImage(contentType: String?)
  case undecodable(ImageDecodingError)
  case cancelled
  /// Large images (HD, favorites' offline copies) wait for another network; previews still load.
  case lowDataMode
  /// The widget draws its placeholder with the title instead of risking its memory limit.
  case tooLargeForWidget(bytes: Int, limit: Int)

  public init(_ error: HTTPError) {
    switch error {
    case .lowDataMode: self = .lowDataMode
    case .cancelled: self = .cancelled
    default: self = .http(error)
    }
  }

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
