/// Small text searches done on UTF-8 bytes. Decoding runs them for every field of every entry,
/// and the Foundation equivalents (`range(of:options:)`, `trimmingCharacters(in:)`,
/// `lowercased()`) bridge through `NSString` on Linux, which made them most of the decode time.
enum TextScan {
  /// Whether `byte` is ASCII whitespace (space, tab, line feed, vertical tab, form feed, return).
  @inline(__always)
  static func isASCIISpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  /// `text` without leading and trailing whitespace (Unicode whitespace included).
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
    if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
    return String(scalars[first...last])
  }

  /// The first (or, `backwards`, the last) range of `needle` in `text`, comparing ASCII letters
  /// without regard to case and every other byte exactly.
  static func range(
    of needle: String, in text: Substring, backwards: Bool = false
  ) -> Range<String.Index>? {
    let pattern = Array(needle.utf8).map(lowered)
    guard let head = pattern.first else { return nil }
    let bytes = text.utf8
    var found: Range<String.Index>?
    var start = bytes.startIndex
    while start < bytes.endIndex {
      if lowered(bytes[start]) == head, let end = match(pattern, in: bytes, at: start) {
        found = start..<end
        if !backwards { return found }
      }
      start = bytes.index(after: start)
    }
    return found
  }

  /// The end of `pattern` (already lowered) when it matches `bytes` from `start`.
  private static func match(
    _ pattern: [UInt8], in bytes: Substring.UTF8View, at start: String.Index
  ) -> String.Index? {
    var index = start
    for expected in pattern {
      guard index < bytes.endIndex, lowered(bytes[index]) == expected else { return nil }
      index = bytes.index(after: index)
    }
    return index
  }

  /// Whether `text` contains `needle` (ASCII letters compared without regard to case).
  static func contains(_ needle: String, in text: String) -> Bool {
    range(of: needle, in: text[...]) != nil
  }

  /// Whether `text` starts with `prefix` (ASCII letters compared without regard to case).
  static func hasPrefix(_ prefix: String, in text: Substring) -> Bool {
    var index = text.utf8.startIndex
    for expected in prefix.utf8 {
      guard index < text.utf8.endIndex, lowered(text.utf8[index]) == lowered(expected) else { return false }
      index = text.utf8.index(after: index)
    }
    return true
  }

  @inline(__always)
  private static func lowered(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
