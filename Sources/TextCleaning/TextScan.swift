/// Small text searches done on UTF-8 bytes. Decoding runs them for every field of every entry,
/// and the Foundation equivalents (`range(of:options:)`, `trimmingCharacters(in:)`,
/// `lowercased()`) bridge through `NSString` on Linux, which made them most of the decode time.
public enum TextScan {
  @inline(__always)
  @inlinable public static func isASCIISpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  public static func trimmed(_ text: String) -> String {
    // Printable ASCII at both ends is never whitespace: nothing to trim, and no Unicode
    // property lookups (the usual case for every field of every entry).
    if let first = text.utf8.first, let last = text.utf8.last, isPrintableASCII(first),
      isPrintableASCII(last)
    {
      return text
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
    if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
    return String(scalars[first...last])
  }

  public static func range(
    of needle: String, in text: Substring, backwards: Bool = false
  ) -> Range<String.Index>? {
    var pattern = needle
    var haystack = text
    // Searched on contiguous bytes by offset: walking `String.Index` byte by byte is slow.
    let found = pattern.withUTF8 { pattern in
      haystack.withUTF8 { bytes in byteRange(of: pattern, in: bytes, backwards: backwards) }
    }
    guard let found else { return nil }
    let utf8 = text.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: found.lowerBound)
    return lower..<utf8.index(lower, offsetBy: found.count)
  }

  private static func byteRange(
    of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, backwards: Bool
  ) -> Range<Int>? {
    let count = pattern.count
    guard count > 0, bytes.count >= count else { return nil }
    let head = lowered(pattern[0])
    func matches(at start: Int) -> Bool {
      guard lowered(bytes[start]) == head else { return false }
      for offset in 1..<count where lowered(bytes[start + offset]) != lowered(pattern[offset]) {
        return false
      }
      return true
    }
    let starts = 0...(bytes.count - count)
    if backwards {
      for start in starts.reversed() where matches(at: start) { return start..<(start + count) }
    } else {
      for start in starts where matches(at: start) { return start..<(start + count) }
    }
    return nil
  }

  public static func contains(_ needle: String, in text: String) -> Bool {
    range(of: needle, in: text[...]) != nil
  }

  public static func contains(_ needle: String, in text: Substring) -> Bool {
    range(of: needle, in: text) != nil
  }

  public static func hasPrefix(_ prefix: String, in text: Substring) -> Bool {
    var index = text.utf8.startIndex
    for expected in prefix.utf8 {
      guard index < text.utf8.endIndex, lowered(text.utf8[index]) == lowered(expected) else { return false }
      index = text.utf8.index(after: index)
    }
    return true
  }

  @inline(__always)
  @inlinable public static func withBytes<Result>(
    of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
  }

  @inline(__always)
  @inlinable public static func containsByte(in text: String, where predicate: (UInt8) -> Bool) -> Bool {
    withBytes(of: text) { $0.contains(where: predicate) }
  }

  @inline(__always)
  @inlinable public static func isPrintableASCII(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F
  }

  @inline(__always)
  private static func lowered(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
