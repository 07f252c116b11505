import Foundation

/// RFC 9110 §10.2.3: delay-seconds (the NASA gateway: `Retry-After: 2870`) or an HTTP-date (proxies).
public enum RetryAfter {
  public static func date(from value: String?, now: Date) -> Date? {
    guard let value else { return nil }
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(trimmed) {
      return now.addingTimeInterval(TimeInterval(max(0, seconds)))
    }
    guard let date = httpDate(trimmed) else { return nil }
    return max(date, now)
  }

  /// Parses the preferred IMF-fixdate form and the two obsolete forms recipients must accept.
  static func httpDate(_ text: String) -> Date? {
    let formats = [
      "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
      "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
      "EEE MMM d HH:mm:ss yyyy",  // asctime: Sun Nov  6 08:49:37 1994
    ]
    // A formatter per call: DateFormatter is not Sendable, and 429s are rare enough not to matter.
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    for format in formats {
      formatter.dateFormat = format
      if let date = formatter.date(from: collapsed) { return date }
    }
    return nil
  }
}
