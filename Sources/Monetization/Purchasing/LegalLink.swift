import Foundation

/// Below every screen because more than one tab offers a purchase: Profile decides which pages show,
/// and Favorites' Unlock button draws them without depending on Profile.
public struct LegalLink: Sendable, Equatable, Identifiable {
  public let title: String
  public let url: URL
  public var id: URL { url }

  public init(title: String, url: URL) {
    self.title = title
    self.url = url
  }
}
