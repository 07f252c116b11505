import Foundation

/// User-facing text, looked up in the app's String Catalog (`Spacer/Localizable.xcstrings`).
///
/// A key is the English text itself, with `%@` for a text argument and `%lld` for a whole number
/// (positional forms such as `%2$@` let a translation reorder them). The catalog's translation of
/// the key is read from the bundle, then the arguments are put in by ``LocalizedFormat``, the same
/// code on every platform. On iOS the app bundle holds the compiled catalog, so a French device
/// reads French; where no catalog is bundled (Linux, unit tests) the lookup gives back the key,
/// which is the English text.
///
/// Call sites pass the key as a string literal (joined with `+` when long) so the repository's
/// localization tests can read every key from the sources and check the catalog holds it.
public enum Localized {
  /// The translation of `key` with `arguments` put in its specifiers, in order.
  public static func text(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
    text(key, arguments: arguments, bundle: .main)
  }

  /// The translation of `key` from `bundle`'s `Localizable` table, with `arguments` put in.
  public static func text(
    _ key: String, arguments: [any CustomStringConvertible], bundle: Bundle
  ) -> String {
    let format = bundle.localizedString(forKey: key, value: nil, table: nil)
    return LocalizedFormat.fill(format, with: arguments.map { String(describing: $0) })
  }
}

/// Puts arguments into a String Catalog format the same way on every platform.
///
/// Understood: `%@`, the integer specifiers (`%d`, `%i`, `%u` with `l`/`ll` length), each with an
/// optional position (`%1$@`), and `%%` for a percent sign. An argument is written as its text;
/// a specifier without an argument is left as written, so a missing argument shows in the text
/// instead of stopping the app; arguments no specifier asks for are ignored. Anything else after a
/// `%` is copied unchanged.
public enum LocalizedFormat {
  public static func fill(_ format: String, with arguments: [String]) -> String {
    var result = ""
    var nextArgument = 0
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      let afterPercent = rest[rest.index(after: percent)...]
      if afterPercent.first == "%" {
        result += "%"
        rest = afterPercent.dropFirst()
        continue
      }
      guard let specifier = Specifier(parsing: afterPercent) else {
        result += "%"
        rest = afterPercent
        continue
      }
      let index = specifier.position.map { $0 - 1 } ?? nextArgument
      if specifier.position == nil { nextArgument += 1 }
      if arguments.indices.contains(index) {
        result += arguments[index]
      } else {
        result += rest[percent..<specifier.end]
      }
      rest = rest[specifier.end...]
    }
    return result + rest
  }

  /// The specifiers of `format`, in order, as written without their position (`@`, `lld`), each
  /// with its 1-based position when it has one; `%%` is not a specifier.
  public static func specifiers(in format: String) -> [(position: Int?, kind: String)] {
    var found: [(position: Int?, kind: String)] = []
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      let afterPercent = rest[rest.index(after: percent)...]
      if afterPercent.first == "%" {
        rest = afterPercent.dropFirst()
      } else if let specifier = Specifier(parsing: afterPercent) {
        found.append((specifier.position, specifier.kind))
        rest = rest[specifier.end...]
      } else {
        rest = afterPercent
      }
    }
    return found
  }

  /// One specifier after a `%`: an optional `N$` position, then `@` or an integer conversion.
  private struct Specifier {
    let position: Int?
    let kind: String
    let end: Substring.Index

    init?(parsing text: Substring) {
      var index = text.startIndex
      var digits = ""
      while index < text.endIndex, text[index].isASCII, text[index].isNumber {
        digits.append(text[index])
        index = text.index(after: index)
      }
      if !digits.isEmpty {
        guard index < text.endIndex, text[index] == "$", let number = Int(digits), number > 0 else {
          return nil
        }
        position = number
        index = text.index(after: index)
      } else {
        position = nil
      }
      let conversions = ["@", "lld", "llu", "ld", "lu", "d", "i", "u"]
      guard let conversion = conversions.first(where: { text[index...].hasPrefix($0) }) else { return nil }
      kind = conversion
      end = text.index(index, offsetBy: conversion.count)
    }
  }
}
