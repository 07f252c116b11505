import Foundation

public struct CreditRun: Sendable, Hashable, Codable {
  public var text: String
  /// An absolute `https` or `http` address, or nil for words that link nowhere.
  public var link: URL?
  public var isEmphasized: Bool

  public init(text: String, link: URL? = nil, isEmphasized: Bool = false) {
    self.text = text
    self.link = link
    self.isEmphasized = isEmphasized
  }
}

/// apod-basic's `credit` and `copyright` are HTML fragments (names linked to sites and licences,
/// `<em>` around roles). Only absolute http(s) links with a host are kept; anything else
/// (`javascript:`, `mailto:`, relative) keeps its words unlinked: nothing lost, nothing unsafe opened.
public enum CreditText {
  public static func runs(fromHTML html: String) -> [CreditRun] {
    var builder = RunBuilder()
    var links: [URL?] = []
    var emphasis = 0
    for token in HTMLText.tokens(html) {
      switch token {
      case .text(let raw):
        builder.append(HTMLText.decodingEntities(raw), link: links.last ?? nil, emphasized: emphasis > 0)
      case .tag(let tag):
        switch tag.name {
        case "a":
          if tag.isClosing {
            if !links.isEmpty { links.removeLast() }
          } else {
            links.append(usableLink(tag.attributes["href"]))
          }
        case "em", "i", "cite":
          emphasis = max(0, emphasis + (tag.isClosing ? -1 : 1))
        case let name
        where name == "br" || name == "td" || name == "th" || HTMLText.blockTags.contains(name)
          || HTMLText.lineTags.contains(name):
          // Breaks read as a space: a credit is one line (as `APODText.htmlCredit` makes it).
          builder.append(" ", link: links.last ?? nil, emphasized: emphasis > 0)
        default:
          break
        }
      }
    }
    return builder.finished()
  }

  /// A field that links nowhere is said whole by its plain text.
  public static func linkedRuns(fromHTML html: String?) -> [CreditRun]? {
    // Only markup can link: most fields have no `<` and are not tokenised at all.
    guard let html, html.contains("<") else { return nil }
    let runs = runs(fromHTML: html)
    return runs.contains { $0.link != nil } ? runs : nil
  }

  public static func links(in runs: [CreditRun]) -> [CreditRun] {
    var seen: Set<URL> = []
    return runs.filter { run in
      guard let link = run.link else { return false }
      return seen.insert(link).inserted
    }
  }

  static func usableLink(_ href: String?) -> URL? {
    guard var text = href?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
      return nil
    }
    if text.hasPrefix("//") { text = "https:" + text }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }
}

private struct RunBuilder {
  private var runs: [CreditRun] = []
  /// A space seen after some words and not yet written: written only before the next word, so
  /// none leads or trails.
  private var pendingSpace = false

  mutating func append(_ text: String, link: URL?, emphasized: Bool) {
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !runs.isEmpty
        continue
      }
      if HTMLText.droppedScalars.contains(scalar) || scalar.properties.generalCategory == .control {
        continue
      }
      if pendingSpace {
        placeSpace(before: link, emphasized: emphasized)
        pendingSpace = false
      }
      add(scalar, link: link, emphasized: emphasized)
    }
  }

  /// A space between words goes where no underline shows it: at the end of an unlinked run, at
  /// the start of an unlinked one, inside one link, or alone between two different links.
  private mutating func placeSpace(before link: URL?, emphasized: Bool) {
    guard let last = runs.last else { return }
    if last.link == nil || last.link == link {
      runs[runs.count - 1].text += " "
    } else if link == nil {
      runs.append(CreditRun(text: " ", isEmphasized: emphasized))
    } else {
      runs.append(CreditRun(text: " "))
    }
  }

  private mutating func add(_ scalar: Unicode.Scalar, link: URL?, emphasized: Bool) {
    if let last = runs.last, last.link == link, last.isEmphasized == emphasized {
      runs[runs.count - 1].text.unicodeScalars.append(scalar)
    } else {
      var text = ""
      text.unicodeScalars.append(scalar)
      runs.append(CreditRun(text: text, link: link, isEmphasized: emphasized))
    }
  }

  func finished() -> [CreditRun] { runs }
}
