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
    }
  }

  private static func message(for error: HTTPError) -> String {
    switch error {
    case .notFound: Localized.text("This image is no longer on NASA's server.")
    case .offline: Localized.text("You're offline, and this image isn't saved on this device yet.")
    case .timedOut: Localized.text("NASA's image server took too long to answer.")
    case .server(let status):
      Localized.text("NASA's image server had a problem (error %lld). Try again later.", status)
    case .rateLimited: Localized.text("Too many images were requested at once. Try again in a moment.")
    case .cancelled: Localized.text("Loading the image was cancelled.")
    case .transport(let detail): Localized.text("The image download failed (%@).", detail)
    case .insecureURL(let url): Localized.text("Refused to load the image from an insecure address: %@.", url)
    case .unexpectedStatus(let status):
      Localized.text("NASA's image server answered with an unexpected status (%lld).", status)
    case .nonJSONBody, .badRequest, .apiKeyMissing, .apiKeyInvalid, .circuitOpen:
      Localized.text("The image could not be downloaded.")
    }
  }
}
