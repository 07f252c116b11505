import Foundation

/// How search reads text: words of letters and digits, compared without case or diacritics.
///
/// "Étoile" and "etoile" are one word, as are "M31" and "m31"; "Hubble's" gives "hubble" and "s".
/// The text is put in canonical decomposition (NFD, a Unicode standard both platforms' Foundation
/// implement the same way), combining marks are dropped and each scalar is lower-cased by its
/// Unicode property; no locale-dependent folding, so a word is the same on Linux and on iOS.
public enum SearchText {
  /// The words of `text`, folded, in order, duplicates kept.
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

  /// The same reading for ASCII text (most of APOD's), byte by byte: letters and digits form
  /// words, upper case is lowered, everything else separates.
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
