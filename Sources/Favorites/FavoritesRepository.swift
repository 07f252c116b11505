import Foundation
import Localization
import NASA

/// Where favorites are stored: the JSON file on Linux, in the CLI and in tests; SwiftData on Apple
/// platforms.
///
/// The operations map one-to-one onto a SwiftData `@Model` whose flat properties mirror `Favorite`
/// with `date.rawValue` as the `@Attribute(.unique)` key: `all` is a fetch, `save` an insert that
/// the unique key turns into an update, `remove` a delete by key, `contains` a fetch count.
/// Every operation either completes or throws and leaves what is stored as it was.
public protocol FavoritesRepository: Sendable {
  /// Every stored favorite, in no particular order (`FavoritesModel` sorts).
  func all() async throws(FavoritesRepositoryError) -> [Favorite]
  /// Adds `favorite`, or replaces the stored favorite with the same date.
  func save(_ favorite: Favorite) async throws(FavoritesRepositoryError)
  /// Deletes the favorite for `date`; nothing happens when there is none.
  func remove(_ date: APODDay) async throws(FavoritesRepositoryError)
  /// Whether a favorite for `date` is stored.
  func contains(_ date: APODDay) async throws(FavoritesRepositoryError) -> Bool
}

/// Why favorites could not be read or written, each with a message for people.
///
/// None of these loses data: a damaged file is kept aside, a file from a newer app is left alone,
/// and a failed write leaves the stored favorites exactly as they were.
public enum FavoritesRepositoryError: Error, Sendable, Hashable {
  /// The stored file could not be decoded. It was renamed to `movedTo` (kept, never replaced);
  /// the next read starts from an empty list.
  case corruptFile(movedTo: URL)
  /// The stored file could not be decoded and could not be renamed either, so it stays where it
  /// is, untouched, and nothing is written over it.
  case corruptFileLeftInPlace(URL)
  /// The file was written by a newer Spacer in a format this version does not know; it is left
  /// untouched rather than rewritten in the old format.
  case newerFormat(version: Int)
  /// The stored favorites exist but could not be read (for example the path is a directory).
  case unreadable(path: String, reason: String)
  /// The storage location cannot be written (read-only, permission denied, a path through a file).
  case notWritable(path: String)
  /// The volume has no space left.
  case diskFull
  /// Another write failure.
  case writeFailed(reason: String)
  /// The store exists but could not be opened, and it is not damaged (or not known to be): it is
  /// left untouched, so the favorites in it show again once it opens.
  case storeNotOpened(reason: StoreNotOpenedReason)

  /// Why a store that is kept untouched could not be opened.
  public enum StoreNotOpenedReason: Sendable, Hashable {
    /// Written by a version of Spacer whose format this one cannot read (newer, or not migratable).
    case incompatibleVersion
    /// Any other failure, in the system's words.
    case other(String)
  }

  /// A specific sentence for the screen, saying what happened to the user's favorites.
  public var message: String {
    switch self {
    case .corruptFile(let movedTo):
      Localized.text(
        "Your saved favorites couldn’t be read. The damaged file was kept as “%@” "
          + "in Spacer’s data folder (%@), so it can "
          + "still be recovered, and nothing was deleted; new favorites start a fresh list.",
        movedTo.lastPathComponent, movedTo.deletingLastPathComponent().lastPathComponent)
    case .corruptFileLeftInPlace(let url):
      Localized.text(
        "Your saved favorites couldn’t be read, and the damaged file couldn’t be set aside, so it was "
          + "left untouched at %@. Favorites can’t be saved until that file is moved.", url.path)
    case .newerFormat(let version):
      Localized.text(
        "These favorites were saved by a newer version of Spacer (format %lld). "
          + "Update Spacer to see and change them; nothing was changed.", version)
    case .unreadable(let path, let reason):
      Localized.text("Your saved favorites at %@ couldn’t be read (%@). Nothing was changed.", path, reason)
    case .notWritable(let path):
      Localized.text(
        "Favorites couldn’t be saved because %@ can’t be written to. Your saved favorites are unchanged.",
        path)
    case .diskFull:
      Localized.text(
        "There isn’t enough free space to save your favorites. Free up some space and try again; "
          + "your saved favorites are unchanged.")
    case .writeFailed(let reason):
      Localized.text("Favorites couldn’t be saved (%@). Your saved favorites are unchanged.", reason)
    case .storeNotOpened(.incompatibleVersion):
      Localized.text(
        "Your favorites were saved by a different version of Spacer and couldn’t be opened. "
          + "Nothing was changed: update Spacer to see them again.")
    case .storeNotOpened(.other(let reason)):
      Localized.text(
        "Your favorites couldn’t be opened (%@). Nothing was changed; "
          + "they will show again when Spacer can open them.", reason)
    }
  }

  /// Classifies an error thrown while writing `location` (by Foundation, or by a store such as
  /// SwiftData) so the user reads "disk full" or "can't write there" instead of a generic failure.
  public static func writing(_ error: any Error, at location: URL) -> FavoritesRepositoryError {
    if let cocoa = error as? CocoaError {
      switch cocoa.code {
      case .fileWriteOutOfSpace: return .diskFull
      case .fileWriteNoPermission, .fileWriteVolumeReadOnly, .fileWriteInvalidFileName:
        return .notWritable(path: location.path)
      default: break
      }
    }
    switch posixCode(of: error) {
    case .ENOSPC?, .EDQUOT?: return .diskFull
    case .EACCES?, .EPERM?, .EROFS?, .ENOTDIR?, .ENOENT?, .EISDIR?:
      return .notWritable(path: location.path)
    default: return .writeFailed(reason: reason(of: error))
    }
  }

  /// Classifies an error thrown while reading `location`.
  public static func reading(_ error: any Error, at location: URL) -> FavoritesRepositoryError {
    .unreadable(path: location.path, reason: reason(of: error))
  }

  /// The POSIX code behind a Foundation error: the error itself, or the error it wraps.
  static func posixCode(of error: any Error) -> POSIXErrorCode? {
    if let posix = error as? POSIXError { return posix.code }
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain { return POSIXErrorCode(rawValue: Int32(nsError.code)) }
    // On Linux the wrapped error is a `POSIXError` value, which does not cast to `NSError`.
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
      return posixCode(of: underlying)
    }
    return nil
  }

  /// A short human reason: the operating system's wording ("Not a directory") when there is one.
  static func reason(of error: any Error) -> String {
    if let code = posixCode(of: error) {
      return String(cString: strerror(code.rawValue))
    }
    return error.localizedDescription
  }
}
