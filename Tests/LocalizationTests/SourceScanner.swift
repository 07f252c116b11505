import Foundation

/// Reads the keys the code asks the String Catalog for, from Swift source text.
///
/// - Core text goes through `Localized.text("key", arguments…)`; the key must be a string
///   literal (several joined with `+` are one key) without interpolation, so every key can be read
///   here. A call whose key is not such a literal is a problem.
/// - SwiftUI resolves a string literal given to `Text`, `Button`, `Label`, `.navigationTitle` and
///   the like (a `LocalizedStringKey`), and `String(localized:)`, in the main bundle's catalog.
///   Interpolations become `%@` (every interpolated value in the views is text). `#Preview` blocks
///   are skipped: they never ship. The widget's configuration name and description are read too.
/// - App Intents resolve an intent's `LocalizedStringResource` title, an App Shortcut's
///   `shortTitle`, a parameter's title, an intent's description (`IntentDescription("…")`) and an
///   enum's display names in the same catalog; the spoken phrases live in `AppShortcuts.xcstrings`, with
///   `\(.applicationName)` written `${applicationName}` (`shortcutPhrases(in:)`).
/// Comments are ignored.
enum SourceScanner {
  struct Found: Equatable {
    var keys: [String] = []
    var problems: [String] = []
  }

  static let coreCall = "Localized.text("

  /// The calls that take a localized string literal first, each with its label when it has one.
  static let viewCalls = [
    "Text(", "Button(", "Label(", "Toggle(", "Picker(", "DatePicker(", "Link(", "LabeledContent(",
    "Section(", "Menu(", "TextField(", "SecureField(", "Stepper(", "ShareLink(", "ContentUnavailableView(",
    "String(localized:", "LocalizedStringKey(", "LocalizedStringResource(", ".navigationTitle(",
    ".accessibilityLabel(", ".accessibilityHint(", ".accessibilityValue(", ".accessibilityAction(named:",
    ".help(", ".alert(", ".confirmationDialog(", ".configurationDisplayName(", ".description(",
  ]

  /// Where App Intents take a localized string literal.
  static let intentMarkers = [
    "LocalizedStringResource =", "shortTitle:", "@Parameter(title:", "DisplayRepresentation {",
    "TypeDisplayRepresentation {", "IntentDescription(", "DisplayRepresentation(title:",
  ]

  /// The keys of an App Intents file: intent titles and App Shortcut short titles.
  static func intentKeys(in source: String) -> [String] {
    let code = Array(withoutComments(source))
    let searchable = withoutStringContents(code)
    return intentMarkers.flatMap { marker in
      occurrences(of: marker, in: searchable).compactMap { start in
        var index = start + marker.count
        return literal(in: code, at: &index, interpolation: "%@")
      }
    }
  }

  /// The spoken phrases of every `phrases: [ … ]` list, as `AppShortcuts.xcstrings` keys them:
  /// the app's name (the only token these phrases use) is `${applicationName}`.
  static func shortcutPhrases(in source: String) -> [String] {
    let code = Array(withoutComments(source))
    var phrases: [String] = []
    for start in occurrences(of: "phrases:", in: withoutStringContents(code)) {
      var index = skippingWhitespace(code, from: start + "phrases:".count)
      guard index < code.count, code[index] == "[" else { continue }
      index += 1
      while let phrase = literal(in: code, at: &index, interpolation: "${applicationName}") {
        phrases.append(phrase)
        index = skippingWhitespace(code, from: index)
        guard index < code.count, code[index] == "," else { break }
        index += 1
      }
    }
    return phrases
  }

  static func coreKeys(in source: String, file: String = "") -> Found {
    var found = Found()
    let code = Array(withoutComments(source))
    for start in occurrences(of: coreCall, in: withoutStringContents(code)) {
      var index = start + coreCall.count
      var parts: [String] = []
      var complete = false
      while let literal = literal(in: code, at: &index, interpolation: nil) {
        parts.append(literal)
        let next = skippingWhitespace(code, from: index)
        guard next < code.count, code[next] == "+" else {
          // The key ends at the first argument or at the closing parenthesis.
          complete = next < code.count && (code[next] == "," || code[next] == ")")
          break
        }
        index = next + 1
      }
      if !complete || parts.contains(where: { $0.contains(interpolationMark) }) {
        found.problems.append("\(file):\(line(of: start, in: code)): the key is not one plain string literal")
      } else {
        found.keys.append(parts.joined())
      }
    }
    return found
  }

  static func viewKeys(in source: String) -> [String] {
    let code = Array(withoutPreviews(Array(withoutComments(source))))
    var keys: [String] = []
    let searchable = withoutStringContents(code)
    for call in viewCalls {
      // "String(localized:" also matches `String(` and `localized:` on separate lines.
      let name = String(call.prefix(through: call.firstIndex(of: "(")!))
      let label = Array(call.dropFirst(name.count))
      for start in occurrences(of: name, in: searchable) {
        var index = skippingWhitespace(code, from: start + name.count)
        if !label.isEmpty {
          guard code[index...].starts(with: label) else { continue }
          index += label.count
        }
        keys += argumentKeys(in: code, at: index)
      }
    }
    for (call, label) in labelledViewArguments {
      for start in occurrences(of: call, in: searchable) {
        if let index = labelledArgument(label, in: searchable, after: start + call.count) {
          keys += argumentKeys(in: code, at: index)
        }
      }
    }
    return keys
  }

  /// Calls whose localized text is a labelled argument further along, not the first one.
  static let labelledViewArguments = [(".searchable(", "prompt:")]

  /// Where the argument labelled `label` starts in the call whose arguments open at `start`: the
  /// index just after the label, at the call's own nesting depth; nil without one.
  private static func labelledArgument(_ label: String, in code: [Character], after start: Int) -> Int? {
    let pattern = Array(label)
    var depth = 0
    var index = start
    while index < code.count {
      let character = code[index]
      if depth == 0, code[index...].starts(with: pattern),
        index == start || !(code[index - 1].isLetter || code[index - 1].isNumber || code[index - 1] == "_")
      {
        return index + pattern.count
      }
      switch character {
      case "(", "[", "{": depth += 1
      case ")", "]", "}":
        if depth == 0 { return nil }
        depth -= 1
      default: break
      }
      index += 1
    }
    return nil
  }

  /// The keys an argument starting at `start` gives SwiftUI: a string literal, or the string
  /// literals that are the branches of a ternary (`isSaved ? "Saved" : "Save"` is a
  /// `LocalizedStringKey` too). A labelled argument (`verbatim:`) gives none.
  private static func argumentKeys(in code: [Character], at start: Int) -> [String] {
    var index = start
    if let key = literal(in: code, at: &index, interpolation: "%@") { return [key] }
    var position = skippingWhitespace(code, from: start)
    var label = position
    while label < code.count, code[label].isLetter || code[label].isNumber || code[label] == "_" {
      label += 1
    }
    if label > position, label < code.count, code[label] == ":" { return [] }
    var keys: [String] = []
    var depth = 0
    var isTernary = false
    while position < code.count {
      let character = code[position]
      if character == "\"" {
        position = endOfString(code, from: position)
        continue
      }
      switch character {
      case "(", "[", "{": depth += 1
      case ")", "]", "}":
        if depth == 0 { return keys }
        depth -= 1
      case "," where depth == 0:
        return keys
      case "?" where depth == 0:
        // A ternary's "?" stands between spaces; "a?.b" and "a ?? b" are not ternaries.
        let before = position > 0 && code[position - 1].isWhitespace
        let after = position + 1 < code.count && code[position + 1].isWhitespace
        if before && after {
          isTernary = true
          var branch = position + 1
          if let key = literal(in: code, at: &branch, interpolation: "%@") { keys.append(key) }
        }
      case ":" where depth == 0 && isTernary:
        var branch = position + 1
        if let key = literal(in: code, at: &branch, interpolation: "%@") { keys.append(key) }
      default: break
      }
      position += 1
    }
    return keys
  }

  // MARK: Lexing

  private static let interpolationMark = "\u{0}interpolation\u{0}"

  /// The source with `//` and `/* */` comments replaced by spaces (line breaks kept); string
  /// literals are left as they are.
  static func withoutComments(_ source: String) -> String {
    let characters = Array(source)
    var result: [Character] = []
    var index = 0
    var depth = 0
    while index < characters.count {
      let character = characters[index]
      let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
      if depth > 0 {
        if character == "*", next == "/" {
          depth -= 1
          result += "  "
          index += 2
        } else if character == "/", next == "*" {
          depth += 1
          result += "  "
          index += 2
        } else {
          result.append(character == "\n" ? "\n" : " ")
          index += 1
        }
      } else if character == "/", next == "/" {
        while index < characters.count, characters[index] != "\n" {
          result.append(" ")
          index += 1
        }
      } else if character == "/", next == "*" {
        depth = 1
        result += "  "
        index += 2
      } else if character == "\"" {
        let end = endOfString(characters, from: index)
        result += characters[index..<end]
        index = end
      } else {
        result.append(character)
        index += 1
      }
    }
    return String(result)
  }

  /// `code` with the inside of every string literal blanked (same length), for finding calls.
  private static func withoutStringContents(_ code: [Character]) -> [Character] {
    var result = code
    var index = 0
    while index < code.count {
      guard code[index] == "\"" else {
        index += 1
        continue
      }
      let end = endOfString(code, from: index)
      for blank in (index + 1)..<max(index + 1, end - 1) where result[blank] != "\n" { result[blank] = " " }
      index = end
    }
    return result
  }

  /// The index just after the string literal that opens at `start` (plain or `"""`).
  private static func endOfString(_ characters: [Character], from start: Int) -> Int {
    let isMultiline = characters[start...].starts(with: "\"\"\"")
    var index = start + (isMultiline ? 3 : 1)
    while index < characters.count {
      if characters[index] == "\\", index + 1 < characters.count, characters[index + 1] == "(" {
        // An interpolation: code up to its closing parenthesis, which may hold strings itself.
        index += 2
        var depth = 1
        while index < characters.count, depth > 0 {
          switch characters[index] {
          case "\"": index = endOfString(characters, from: index) - 1
          case "(": depth += 1
          case ")": depth -= 1
          default: break
          }
          index += 1
        }
      } else if characters[index] == "\\" {
        index += 2
      } else if isMultiline ? characters[index...].starts(with: "\"\"\"") : characters[index] == "\"" {
        return index + (isMultiline ? 3 : 1)
      } else if !isMultiline, characters[index] == "\n" {
        return index
      } else {
        index += 1
      }
    }
    return characters.count
  }

  /// `code` without the `#Preview { … }` blocks.
  private static func withoutPreviews(_ code: [Character]) -> [Character] {
    var result = code
    for start in occurrences(of: "#Preview", in: code) {
      guard let open = code[start...].firstIndex(of: "{") else { continue }
      var depth = 0
      var index = open
      while index < code.count {
        if code[index] == "\"" {
          index = endOfString(code, from: index)
          continue
        }
        if code[index] == "{" { depth += 1 }
        if code[index] == "}" {
          depth -= 1
          if depth == 0 { break }
        }
        index += 1
      }
      for blank in start..<min(index + 1, code.count) where result[blank] != "\n" { result[blank] = " " }
    }
    return result
  }

  /// Where `needle` starts in `code` as a whole name (not the end of a longer identifier).
  private static func occurrences(of needle: String, in code: [Character]) -> [Int] {
    let pattern = Array(needle)
    guard code.count >= pattern.count else { return [] }
    var starts: [Int] = []
    for index in 0...(code.count - pattern.count) where code[index] == pattern[0] {
      guard code[index..<(index + pattern.count)].elementsEqual(pattern) else { continue }
      if pattern[0].isLetter, index > 0,
        code[index - 1].isLetter || code[index - 1].isNumber
          || code[index - 1] == "_" || code[index - 1] == "."
      {
        continue
      }
      starts.append(index)
    }
    return starts
  }

  private static func skippingWhitespace(_ code: [Character], from start: Int) -> Int {
    var index = start
    while index < code.count, code[index].isWhitespace { index += 1 }
    return index
  }

  /// The value of the plain string literal at `index` (after whitespace), moving `index` past it;
  /// nil when something else is there. An interpolation becomes `interpolation`, or a marker that
  /// the caller refuses when nil.
  private static func literal(in code: [Character], at index: inout Int, interpolation: String?) -> String? {
    var position = skippingWhitespace(code, from: index)
    guard position < code.count, code[position] == "\"", !code[position...].starts(with: "\"\"\"") else {
      return nil
    }
    position += 1
    var value = ""
    while position < code.count, code[position] != "\"" {
      guard code[position] == "\\", position + 1 < code.count else {
        if code[position] == "\n" { return nil }
        value.append(code[position])
        position += 1
        continue
      }
      let escaped = code[position + 1]
      position += 2
      switch escaped {
      case "n": value.append("\n")
      case "t": value.append("\t")
      case "0": value.append("\u{0}")
      case "u":
        guard let close = code[position...].firstIndex(of: "}"),
          let scalar = UInt32(String(code[(position + 1)..<close]), radix: 16).flatMap(Unicode.Scalar.init)
        else { return nil }
        value.unicodeScalars.append(scalar)
        position = close + 1
      case "(":
        var depth = 1
        while position < code.count, depth > 0 {
          if code[position] == "(" { depth += 1 }
          if code[position] == ")" { depth -= 1 }
          position += 1
        }
        value += interpolation ?? interpolationMark
      default: value.append(escaped)
      }
    }
    guard position < code.count else { return nil }
    index = position + 1
    return value
  }

  private static func line(of index: Int, in code: [Character]) -> Int {
    code[..<index].filter { $0 == "\n" }.count + 1
  }
}
