import Foundation

public enum HTMLToken: Equatable {
  case text(String)
  case tag(HTMLTag)
}

/// A start or end tag. Names are lower-cased; attribute values have their entities decoded.
public struct HTMLTag: Equatable {
  public var name: String
  public var isClosing: Bool
  public var attributes: [String: String]
}

/// Not a full HTML parser: enough for apod-basic's markup, and never fails: text that is not markup
/// ("a < b") stays text.
public enum HTMLText {
  /// Scalars no cleaned text keeps: U+FFFD (a letter the scraper lost: "Tun\u{FFFD} Tezel"),
  /// soft hyphen, zero-width space, BOM.
  static let droppedScalars: Set<Unicode.Scalar> = ["\u{FFFD}", "\u{AD}", "\u{200B}", "\u{FEFF}"]

  // MARK: Tokens

  /// Splits HTML into text and tags; comments, doctypes and `<script>`/`<style>` bodies are skipped.
  public static func tokens(_ html: String) -> [HTMLToken] {
    let scalars = Array(html.unicodeScalars)
    var tokens: [HTMLToken] = []
    var text = String.UnicodeScalarView()
    var index = 0

    func flushText() {
      if !text.isEmpty { tokens.append(.text(String(text))) }
      text = String.UnicodeScalarView()
    }

    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "<", index + 1 < scalars.count else {
        text.append(scalar)
        index += 1
        continue
      }
      let next = scalars[index + 1]
      if next == "!" {
        flushText()
        index = skipDeclaration(scalars, from: index)
      } else if next == "/" || ("a"..."z").contains(lowered(next)),
        let (tag, end) = parseTag(scalars, from: index)
      {
        flushText()
        tokens.append(.tag(tag))
        index = end
        if !tag.isClosing, tag.name == "script" || tag.name == "style" {
          index = skipRawText(scalars, from: index, until: tag.name)
        }
      } else {
        text.append(scalar)
        index += 1
      }
    }
    flushText()
    return tokens
  }

  private static func skipDeclaration(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    let isComment = start + 3 < scalars.count && scalars[start + 2] == "-" && scalars[start + 3] == "-"
    var index = start + (isComment ? 4 : 2)
    while index < scalars.count {
      if isComment {
        if scalars[index] == "-", index + 2 < scalars.count, scalars[index + 1] == "-",
          scalars[index + 2] == ">"
        {
          return index + 3
        }
      } else if scalars[index] == ">" {
        return index + 1
      }
      index += 1
    }
    return scalars.count
  }

  private static func skipRawText(_ scalars: [Unicode.Scalar], from start: Int, until name: String) -> Int {
    let closing = Array("</\(name)".unicodeScalars)
    var index = start
    while index + closing.count <= scalars.count {
      let window = scalars[index..<(index + closing.count)]
      if zip(window, closing).allSatisfy({ lowered($0) == $1 }) {
        var end = index + closing.count
        while end < scalars.count, scalars[end] != ">" { end += 1 }
        return min(end + 1, scalars.count)
      }
      index += 1
    }
    return scalars.count
  }

  private static func parseTag(_ scalars: [Unicode.Scalar], from start: Int) -> (HTMLTag, Int)? {
    var index = start + 1
    let isClosing = scalars[index] == "/"
    if isClosing { index += 1 }
    var name = ""
    while index < scalars.count, isNameScalar(scalars[index]) {
      name.unicodeScalars.append(lowered(scalars[index]))
      index += 1
    }
    guard !name.isEmpty else { return nil }
    var attributes: [String: String] = [:]
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == ">" {
        return (HTMLTag(name: name, isClosing: isClosing, attributes: attributes), index + 1)
      }
      if scalar.properties.isWhitespace || scalar == "/" {
        index += 1
        continue
      }
      var attribute = ""
      while index < scalars.count, !scalars[index].properties.isWhitespace,
        !["=", ">", "/"].contains(scalars[index])
      {
        attribute.unicodeScalars.append(lowered(scalars[index]))
        index += 1
      }
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
      var value = ""
      if index < scalars.count, scalars[index] == "=" {
        index += 1
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
          let quote = scalars[index]
          index += 1
          while index < scalars.count, scalars[index] != quote {
            value.unicodeScalars.append(scalars[index])
            index += 1
          }
          index += 1
        } else {
          while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != ">" {
            value.unicodeScalars.append(scalars[index])
            index += 1
          }
        }
      }
      if !attribute.isEmpty, attributes[attribute] == nil {
        attributes[attribute] = decodingEntities(value)
      }
    }
    return nil
  }

  private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":"
  }

  private static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
  }

  // MARK: Plain text

  static let blockTags: Set<String> = [
    "p", "div", "blockquote", "center", "section", "article", "header", "footer", "h1", "h2", "h3",
    "h4", "h5", "h6", "ul", "ol", "table", "figure", "figcaption", "main", "aside", "nav",
  ]
  static let lineTags: Set<String> = ["li", "tr", "dt", "dd", "hr"]

  /// Whitespace collapsed as a browser would; `<br>` ends a line, two `<br>` or a block element make a
  /// paragraph break.
  public static func plainText(fromHTML html: String) -> String {
    var builder = TextBuilder()
    for token in tokens(html) {
      switch token {
      case .text(let raw):
        builder.append(decodingEntities(raw))
      case .tag(let tag):
        if tag.name == "br" {
          builder.breakLine()
        } else if blockTags.contains(tag.name) {
          builder.breakParagraph()
        } else if lineTags.contains(tag.name) {
          builder.breakLine()
        } else if tag.name == "td" || tag.name == "th" {
          builder.append(" ")
        }
      }
    }
    return builder.text
  }

  public static func collapsed(_ text: String) -> String {
    if isCollapsedLine(text) { return text }
    var builder = TextBuilder()
    builder.append(text)
    return builder.text
  }

  public static func collapsed(_ text: String, keepingParagraphs: Bool) -> String {
    if isCollapsedLine(text) { return text }
    var builder = TextBuilder()
    builder.keepsParagraphs = keepingParagraphs
    builder.append(text)
    return builder.text
  }

  /// Most APOD text already is; it is then kept instead of rebuilt byte by byte.
  private static func isCollapsedLine(_ text: String) -> Bool {
    TextScan.withBytes(of: text) { bytes in
      guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else {
        return false
      }
      var previous: UInt8 = 0
      for byte in bytes {
        guard TextScan.isPrintableASCII(byte) || (byte == 0x20 && previous != 0x20) else { return false }
        previous = byte
      }
      return true
    }
  }

  // MARK: Entities

  /// Unknown or unterminated entities are left as written.
  public static func decodingEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var output = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "&",
        let semicolon = scalars[(index + 1)..<min(scalars.count, index + 34)].firstIndex(of: ";")
      else {
        output.append(scalars[index])
        index += 1
        continue
      }
      let body = String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon]))
      if let decoded = decodeEntity(body) {
        output.append(contentsOf: decoded.unicodeScalars)
        index = semicolon + 1
      } else {
        output.append(scalars[index])
        index += 1
      }
    }
    return String(output)
  }

  private static func decodeEntity(_ body: String) -> String? {
    if body.hasPrefix("#") {
      let digits = body.dropFirst()
      let value: UInt32?
      if digits.first == "x" || digits.first == "X" {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits, radix: 10)
      }
      // Invalid code points (0, surrogates, out of range) become nothing rather than U+FFFD.
      guard let value else { return nil }
      if value == 0 { return "" }
      return Unicode.Scalar(value).map { String(Character($0)) } ?? ""
    }
    return namedEntities[body]
  }

  /// HTML named entities that appear in APOD text: markup characters, Latin-1 (accented names
  /// of astronomers), Greek letters (H&alpha;), typography and common maths signs.
  private static let namedEntities: [String: String] = {
    var table: [String: String] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
      "OElig": "\u{152}", "oelig": "\u{153}", "Scaron": "\u{160}", "scaron": "\u{161}",
      "Yuml": "\u{178}", "fnof": "\u{192}", "circ": "\u{2C6}", "tilde": "\u{2DC}",
      "ensp": " ", "emsp": " ", "thinsp": " ", "zwnj": "", "zwj": "", "lrm": "", "rlm": "",
      "ndash": "\u{2013}", "mdash": "\u{2014}", "lsquo": "\u{2018}", "rsquo": "\u{2019}",
      "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
      "dagger": "\u{2020}", "Dagger": "\u{2021}", "bull": "\u{2022}", "hellip": "\u{2026}",
      "permil": "\u{2030}", "prime": "\u{2032}", "Prime": "\u{2033}", "lsaquo": "\u{2039}",
      "rsaquo": "\u{203A}", "euro": "\u{20AC}", "trade": "\u{2122}", "larr": "\u{2190}",
      "uarr": "\u{2191}", "rarr": "\u{2192}", "darr": "\u{2193}", "harr": "\u{2194}",
      "minus": "\u{2212}", "radic": "\u{221A}", "infin": "\u{221E}", "sim": "\u{223C}",
      "asymp": "\u{2248}", "ne": "\u{2260}", "le": "\u{2264}", "ge": "\u{2265}",
    ]
    // U+00A0…U+00BF in code-point order; a non-breaking space reads as a plain space in text.
    let latin1Symbols = [
      "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
      "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
      "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
    ]
    // U+00C0…U+00FF in code-point order.
    let latin1Letters = [
      "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave",
      "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve",
      "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml",
      "Yacute", "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig",
      "ccedil", "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth",
      "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave",
      "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ]
    // Greek capitals U+0391…U+03A9 (U+03A2 is unassigned) and small letters U+03B1…U+03C9.
    let greekCapitals = [
      "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa",
      "Lambda", "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "", "Sigma", "Tau", "Upsilon", "Phi",
      "Chi", "Psi", "Omega",
    ]
    let greekSmall = [
      "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
      "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigmaf", "sigma", "tau", "upsilon",
      "phi", "chi", "psi", "omega",
    ]
    for (names, first) in [
      (latin1Symbols, 0xA0), (latin1Letters, 0xC0), (greekCapitals, 0x391), (greekSmall, 0x3B1),
    ] {
      for (offset, name) in names.enumerated() where !name.isEmpty {
        if let scalar = Unicode.Scalar(UInt32(first + offset)) { table[name] = String(Character(scalar)) }
      }
    }
    table["nbsp"] = " "
    table["shy"] = ""
    return table
  }()
}

private struct TextBuilder {
  static let dropped = HTMLText.droppedScalars

  /// UTF-8 bytes: appending bytes is far cheaper than appending scalars to a `String` one by one.
  private var bytes: [UInt8] = []
  private var pendingSpace = false
  private var pendingNewlines = 0
  private var runLineFeeds = 0
  var keepsParagraphs = false

  var text: String { String(decoding: bytes, as: UTF8.self) }

  mutating func append(_ fragment: String) {
    bytes.reserveCapacity(bytes.count + fragment.utf8.count)
    for scalar in fragment.unicodeScalars {
      // ASCII first, without Unicode property lookups: nearly all APOD text is ASCII.
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        if TextScan.isASCIISpace(byte) {
          pendingSpace = true
          if keepsParagraphs, byte == 0x0A {
            runLineFeeds += 1
            if runLineFeeds >= 2 { breakParagraph() }
          }
        } else if byte < 0x20 || byte == 0x7F {
          continue
        } else {
          flushPending()
          bytes.append(byte)
        }
        continue
      }
      if scalar.properties.isWhitespace {
        pendingSpace = true
      } else if scalar.properties.generalCategory == .control || Self.dropped.contains(scalar) {
        // Dropped: DEL and other control bytes from the scraper, a lost letter, invisible marks.
        continue
      } else {
        flushPending()
        if let encoded = UTF8.encode(scalar) { bytes.append(contentsOf: encoded) }
      }
    }
  }

  mutating func breakLine() { pendingNewlines = min(pendingNewlines + 1, 2) }

  mutating func breakParagraph() { pendingNewlines = 2 }

  private mutating func flushPending() {
    // Nothing leads the text: pending breaks before the first visible character are dropped.
    if !bytes.isEmpty, pendingNewlines > 0 {
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: pendingNewlines))
    } else if !bytes.isEmpty, pendingSpace {
      bytes.append(UInt8(ascii: " "))
    }
    pendingSpace = false
    pendingNewlines = 0
    runLineFeeds = 0
  }
}
