import Favorites
import FavoritesTestSupport
import Foundation
import TestSupport
import Testing

@Suite("File repository: storing")
struct FileRepositoryStoringTests {
  @Test func startsEmptyWhenNothingIsStored() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)

    #expect(try await repository.all().isEmpty)
    #expect(try await repository.contains(date("2024-01-05")) == false)
    #expect(try temp.entries().isEmpty)
  }

  @Test func savedFavoriteReadsBackWithEveryFieldInANewInstance() async throws {
    let temp = try TemporaryDirectory()
    var saved = try favorite("2024-01-05", title: "Orion’s “Sword”")
    saved.mediaType = "hologram"
    saved.copyright = nil
    try await fileRepository(in: temp).save(saved)

    let reopened = fileRepository(in: temp)
    #expect(try await reopened.all() == [saved])
    #expect(try await reopened.contains(date("2024-01-05")))
  }

  @Test func createsTheDirectoryOnFirstSave() async throws {
    let temp = try TemporaryDirectory()
    let nested = temp.url.appendingPathComponent("Application Support/Spacer", isDirectory: true)
    let repository = FileFavoritesRepository(directory: nested, clock: TestClock(januaryFifteenth))

    try await repository.save(favorite("2024-01-05"))

    #expect(FileManager.default.fileExists(atPath: repository.fileURL.path))
  }

  @Test func savingTheSameDateUpdatesInsteadOfAddingASecond() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try await repository.save(favorite("2024-01-05", title: "Old title"))
    try await repository.save(favorite("2024-01-06"))

    try await repository.save(favorite("2024-01-05", title: "Corrected title"))

    let all = try await repository.all().sorted { $0.date < $1.date }
    #expect(all.map(\.title) == ["Corrected title", "Picture of 2024-01-06"])
  }

  @Test func removeDeletesOnlyThatDate() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try await save(["2024-01-04", "2024-01-05", "2024-01-06"], to: repository)

    try await repository.remove(date("2024-01-05"))

    #expect(try await repository.all().map(\.date.rawValue).sorted() == ["2024-01-04", "2024-01-06"])
    #expect(try await repository.contains(date("2024-01-05")) == false)
  }

  @Test func removingAnUnknownDateLeavesTheFileByteForByte() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try await repository.save(favorite("2024-01-05"))
    let before = try Data(contentsOf: repository.fileURL)

    try await repository.remove(date("1999-01-01"))

    #expect(try Data(contentsOf: repository.fileURL) == before)
  }

  @Test func writesLeaveNoTemporaryFilesBehind() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try await save(["2024-01-04", "2024-01-05", "2024-01-06"], to: repository)
    try await repository.remove(date("2024-01-05"))

    #expect(try temp.entries() == [FileFavoritesRepository.fileName])
  }

  @Test func fileIsVersionedAndNewestFirst() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try await repository.save(favorite("2023-03-01"))
    try await repository.save(favorite("2024-01-05"))

    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: repository.fileURL))
    let top = try #require(object as? [String: Any])
    #expect(top["version"] as? Int == FileFavoritesRepository.formatVersion)
    let entries = try #require(top["favorites"] as? [[String: Any]])
    #expect(entries.compactMap { $0["date"] as? String } == ["2024-01-05", "2023-03-01"])
  }
}

@Suite("File repository: damaged and foreign files")
struct FileRepositoryCorruptionTests {
  private func writeStoredFile(_ text: String, in temp: TemporaryDirectory) throws -> URL {
    let url = temp.url.appendingPathComponent(FileFavoritesRepository.fileName)
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func corruptFileIsReportedAndKeptAsideWithATimestamp() async throws {
    let temp = try TemporaryDirectory()
    let garbage = #"{"version": 1, "favorites": [{"date": "2024-01-05", "tit"#
    _ = try writeStoredFile(garbage, in: temp)
    let repository = fileRepository(in: temp)

    let error = await #expect(throws: FavoritesRepositoryError.self) { try await repository.all() }

    let kept = temp.url.appendingPathComponent("favorites.corrupt-20240115T103000Z.json")
    #expect(error == .corruptFile(movedTo: kept))
    #expect(try String(contentsOf: kept, encoding: .utf8) == garbage)
    #expect(error?.message.contains("favorites.corrupt-20240115T103000Z.json") == true)
  }

  @Test func afterCorruptionNewSavesStartAFreshListAndTheKeptFileStaysUntouched() async throws {
    let temp = try TemporaryDirectory()
    _ = try writeStoredFile("not json at all", in: temp)
    let repository = fileRepository(in: temp)
    await #expect(throws: FavoritesRepositoryError.self) { try await repository.all() }

    try await repository.save(favorite("2024-01-06"))

    #expect(try await repository.all().map(\.date.rawValue) == ["2024-01-06"])
    let kept = temp.url.appendingPathComponent("favorites.corrupt-20240115T103000Z.json")
    #expect(try String(contentsOf: kept, encoding: .utf8) == "not json at all")
  }

  @Test func savingOverACorruptFileFailsInsteadOfReplacingIt() async throws {
    let temp = try TemporaryDirectory()
    _ = try writeStoredFile("[1, 2, 3]", in: temp)
    let repository = fileRepository(in: temp)

    await #expect(throws: FavoritesRepositoryError.self) { try await repository.save(favorite("2024-01-06")) }

    // The damaged content survives intact beside the (now absent) favorites file.
    #expect(try temp.entries() == ["favorites.corrupt-20240115T103000Z.json"])
    let kept = temp.url.appendingPathComponent("favorites.corrupt-20240115T103000Z.json")
    #expect(try String(contentsOf: kept, encoding: .utf8) == "[1, 2, 3]")
  }

  @Test func twoCorruptFilesInTheSameSecondKeepDistinctNames() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    _ = try writeStoredFile("first", in: temp)
    await #expect(throws: FavoritesRepositoryError.self) { try await repository.all() }
    _ = try writeStoredFile("second", in: temp)
    await #expect(throws: FavoritesRepositoryError.self) { try await repository.all() }

    #expect(
      try temp.entries() == [
        "favorites.corrupt-20240115T103000Z-2.json", "favorites.corrupt-20240115T103000Z.json",
      ])
    let second = temp.url.appendingPathComponent("favorites.corrupt-20240115T103000Z-2.json")
    #expect(try String(contentsOf: second, encoding: .utf8) == "second")
  }

  @Test func oneUndecodableEntryMakesTheWholeFileCorruptRatherThanDroppingIt() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try await repository.save(favorite("2024-01-05"))
    try await repository.save(favorite("2024-01-06"))
    let valid = try String(contentsOf: repository.fileURL, encoding: .utf8)
    let damaged = valid.replacingOccurrences(of: "\"2024-01-06\"", with: "\"2024-02-30\"")
    #expect(damaged != valid)
    try Data(damaged.utf8).write(to: repository.fileURL)

    let error = await #expect(throws: FavoritesRepositoryError.self) { try await repository.all() }

    guard case .corruptFile(let kept) = error else {
      Issue.record("expected corruptFile, got \(String(describing: error))")
      return
    }
    #expect(try String(contentsOf: kept, encoding: .utf8) == damaged)
  }

  @Test func fileFromANewerVersionIsRefusedAndLeftByteForByte() async throws {
    let temp = try TemporaryDirectory()
    let future = #"{"version": 2, "favorites": [], "folders": ["Nebulae"]}"#
    let url = try writeStoredFile(future, in: temp)
    let repository = fileRepository(in: temp)

    let readError = await #expect(throws: FavoritesRepositoryError.self) { try await repository.all() }
    let writeError = await #expect(throws: FavoritesRepositoryError.self) {
      try await repository.save(favorite("2024-01-06"))
    }

    #expect(readError == .newerFormat(version: 2))
    #expect(writeError == .newerFormat(version: 2))
    #expect(try String(contentsOf: url, encoding: .utf8) == future)
    #expect(try temp.entries() == [FileFavoritesRepository.fileName])
  }
}

@Suite("File repository: storage errors")
struct FileRepositoryStorageErrorTests {
  @Test func savingWhereTheDirectoryPathRunsThroughAFileReportsNotWritable() async throws {
    let temp = try TemporaryDirectory()
    let (directory, blocker) = try unwritableFavoritesFolder(in: temp)
    let repository = FileFavoritesRepository(directory: directory, clock: TestClock(januaryFifteenth))

    let error = await #expect(throws: FavoritesRepositoryError.self) {
      try await repository.save(favorite("2024-01-05"))
    }

    #expect(error == .notWritable(path: directory.path))
    #expect(error?.message.contains("can’t be written") == true)
    #expect(try String(contentsOf: blocker, encoding: .utf8) == "a regular file")
    #expect(try temp.entries() == ["blocker"])
  }

  @Test func storedPathThatIsADirectoryIsReportedUnreadableAndLeftAlone() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    let inside = repository.fileURL.appendingPathComponent("keep.txt")
    try FileManager.default.createDirectory(at: repository.fileURL, withIntermediateDirectories: true)
    try Data("kept".utf8).write(to: inside)

    let readError = await #expect(throws: FavoritesRepositoryError.self) { try await repository.all() }
    await #expect(throws: FavoritesRepositoryError.self) { try await repository.save(favorite("2024-01-05")) }

    guard case .unreadable(let path, _) = readError else {
      Issue.record("expected unreadable, got \(String(describing: readError))")
      return
    }
    #expect(path == repository.fileURL.path)
    #expect(try String(contentsOf: inside, encoding: .utf8) == "kept")
  }

  // A real "no space left on device" error, produced by writing to /dev/full.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func diskFullIsReportedAsDiskFull() throws {
    let deviceFull = URL(fileURLWithPath: "/dev/full")
    var thrown: (any Error)?
    do {
      try Data("favorites".utf8).write(to: deviceFull)
    } catch {
      thrown = error
    }
    let error = try #require(thrown)

    let classified = FavoritesRepositoryError.writing(error, at: deviceFull)

    #expect(classified == .diskFull)
    #expect(classified.message.contains("enough free space"))
  }

  @Test func otherWriteErrorsKeepTheSystemsReason() {
    let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(POSIXErrorCode.EIO.rawValue))
    let error = NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: underlying])

    let classified = FavoritesRepositoryError.writing(error, at: URL(fileURLWithPath: "/x/favorites.json"))

    #expect(classified == .writeFailed(reason: "Input/output error"))
  }
}

@Suite("File repository: files written by earlier versions")
struct FileRepositoryEarlierFormatTests {
  /// A `favorites.json` exactly as the version that keyed favorites by a separate date type wrote it.
  static let earlierFile = #"""
    {
      "favorites" : [
        {
          "altText" : "A nebula",
          "copyright" : "Jane Doe",
          "date" : "2024-01-05",
          "dateAdded" : "2024-01-15T10:30:00Z",
          "hdImageURL" : "https://apod.nasa.gov/apod/image/2401/hd.jpg",
          "imageURL" : "https://apod.nasa.gov/apod/image/2401/p.jpg",
          "mediaType" : "image",
          "pageURL" : "https://apod.nasa.gov/apod/ap240105.html",
          "title" : "Orion"
        },
        {
          "date" : "1995-06-16",
          "dateAdded" : "2024-01-15T10:30:00Z",
          "mediaType" : "video",
          "title" : "The first one"
        }
      ],
      "version" : 1
    }
    """#

  @Test func readsAFileWrittenBeforeFavoritesUsedTheAPODDay() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try FileManager.default.createDirectory(at: temp.url, withIntermediateDirectories: true)
    try Data(Self.earlierFile.utf8).write(to: repository.fileURL)

    let all = try await repository.all()

    #expect(all.map(\.date.rawValue) == ["2024-01-05", "1995-06-16"])
    #expect(all.first?.title == "Orion")
    #expect(all.first?.dateAdded == januaryFifteenth)
    #expect(all.last?.imageURL == nil)
    #expect(try await repository.contains(date("1995-06-16")))
  }

  @Test func rewritingAnEarlierFileKeepsEveryDateInTheSameText() async throws {
    let temp = try TemporaryDirectory()
    let repository = fileRepository(in: temp)
    try FileManager.default.createDirectory(at: temp.url, withIntermediateDirectories: true)
    try Data(Self.earlierFile.utf8).write(to: repository.fileURL)

    try await repository.remove(date("1995-06-16"))

    let written = try String(contentsOf: repository.fileURL, encoding: .utf8)
    #expect(written.contains(#""date" : "2024-01-05""#))
    #expect(!written.contains("1995-06-16"))
    let reopened = fileRepository(in: temp)
    #expect(try await reopened.all().map(\.date.rawValue) == ["2024-01-05"])
  }
}
