import Foundation

/// A key is the English text itself (`%@`, `%lld`, positional `%2$@`), looked up in
/// `Spacer/Localizable.xcstrings`; where no catalog is bundled (Linux, tests) the key is the text.
/// Call sites pass the key as a string literal, so the localization tests can read every key.
public enum Localized {
  public static func text(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
    text(key, arguments: arguments, bundle: .main)
  }

  public static func text(
    _ key: String, arguments: [any CustomStringConvertible], bundle: Bundle
  ) -> String {
    let format = bundle.localizedString(forKey: key, value: nil, table: nil)
    return LocalizedFormat.fill(format, with: arguments.map { String(describing: $0) })
  }
}

/// The same on every platform. A specifier without an argument is left as written, so a missing
/// argument shows in the text instead of stopping the app.
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
