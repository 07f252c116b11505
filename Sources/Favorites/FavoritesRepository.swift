import Foundation
import Localization
import NASA

/// The JSON file on Linux, SwiftData on Apple platforms. Every operation either completes or throws
/// and leaves what is stored as it was.
public protocol FavoritesRepository: Sendable {
  /// In no particular order (`FavoritesModel` sorts).
  func all() async throws(FavoritesRepositoryError) -> [Favorite]
  func save(_ favorite: Favorite) async throws(FavoritesRepositoryError)
  /// Nothing happens when there is none.
  func remove(_ date: APODDay) async throws(FavoritesRepositoryError)
  func contains(_ date: APODDay) async throws(FavoritesRepositoryError) -> Bool
}

/// None of these loses data: a damaged file is kept aside, a newer app's file is left alone, and a
/// failed write leaves the stored favorites exactly as they were.
public enum FavoritesRepositoryError: Error, Sendable, Hashable {
  /// Renamed to `movedTo` (kept, never replaced); the next read starts from an empty list.
  case corruptFile(movedTo: URL)
  case corruptFileLeftInPlace(URL)
  case newerFormat(version: Int)
  case unreadable(path: String, reason: String)
  case notWritable(path: String)
  case diskFull
  case writeFailed(reason: String)
  /// Left untouched, so the favorites in it show again once it opens.
  case storeNotOpened(reason: StoreNotOpenedReason)

  public enum StoreNotOpenedReason: Sendable, Hashable {
    case incompatibleVersion
    case other(String)
  }

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

  /// So the user reads "disk full" or "can't write there" instead of a generic failure.
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

  public static func reading(_ error: any Error, at location: URL) -> FavoritesRepositoryError {
    .unreadable(path: location.path, reason: reason(of: error))
  }

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

  static func reason(of error: any Error) -> String {
    if let code = posixCode(of: error) {
      return String(cString: strerror(code.rawValue))
    }
    return error.localizedDescription
  }
}
