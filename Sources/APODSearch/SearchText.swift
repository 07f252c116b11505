import Foundation

/// NFD (which both platforms' Foundation implement the same way), combining marks dropped, each
/// scalar lower-cased by its Unicode property: no locale-dependent folding, so a word is the same on
/// Linux and on iOS. "Étoile" and "etoile" are one word; "Hubble's" gives "hubble" and "s".
public enum SearchText {
  public static func words(_ text: String) -> [String] {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
    var words: [String] = []
    var current = String.UnicodeScalarView()
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      let properties = scalar.properties
      switch properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .spacingMark:
        continue  // the accent of a decomposed letter: the letter stays in the word
      default:
        break
      }
      if properties.isAlphabetic || properties.numericType != nil {
        current.append(contentsOf: properties.lowercaseMapping.unicodeScalars)
      } else if !current.isEmpty {
        words.append(String(current))
        current = String.UnicodeScalarView()
      }
    }
    if !current.isEmpty { words.append(String(current)) }
    return words
  }

  private static func asciiWords(_ text: String) -> [String] {
    var words: [String] = []
    var current: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        current.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        current.append(byte + 32)
      default:
        if !current.isEmpty {
          words.append(String(decoding: current, as: UTF8.self))
          current.removeAll(keepingCapacity: true)
        }
      }
    }
    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
    return words
  }
}
