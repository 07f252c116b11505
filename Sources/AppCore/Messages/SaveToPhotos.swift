import NASA
import Sharing

/// Save to Photos, from a day's detail (the app) or a journey step (the simulator): the same path.
///
/// Rules:
/// - The save itself follows `PictureSaver` (not a picture → refused before any prompt; add-only
///   permission asked before anything is downloaded; any failure says why and adds nothing).
/// - How it ended is told in the one message queue (`navigation.message`), with the result's own
///   title and sentence (`SavePictureResult.title`, `.message`): behind the messages already
///   waiting, never over a paywall, dismissed by id like every other message. No view keeps an
///   alert of its own for it.
extension AppModel {
  /// Saves `apod`'s picture with `saver` and queues the result as a message.
  /// - Returns: how the save ended (the message queued says the same).
  @discardableResult
  public func saveToPhotos(_ apod: APOD, using saver: PictureSaver) async -> SavePictureResult {
    let result = await saver.save(apod)
    savedToPhotos(result)
    return result
  }

  /// A save to Photos ended with `result` (saved, permission refused or restricted, failed, not a
  /// picture): its title and sentence join the message queue.
  public func savedToPhotos(_ result: SavePictureResult) {
    navigation.enqueue(title: result.title, text: result.message)
  }
}
