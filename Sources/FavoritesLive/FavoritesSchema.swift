#if canImport(SwiftData)
  import Favorites
  import Foundation
  import SwiftData

  /// The first stored shape of favorites: one record per APOD date, every field required, `date`
  /// unique. Frozen: it describes stores written by earlier versions, so they can be migrated.
  /// Core's `StoredFavoriteV1` is the same record as a value.
  enum FavoritesSchemaV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
    static var models: [any PersistentModel.Type] { [FavoriteRecord.self] }

    @Model
    final class FavoriteRecord {
      @Attribute(.unique) var date: String
      var title: String
      var mediaType: String
      var imageURL: String?
      var hdImageURL: String?
      var pageURL: String?
      var copyright: String?
      var altText: String?
      var dateAdded: Date

      init(_ stored: StoredFavoriteV1) {
        date = stored.date
        title = stored.title
        mediaType = stored.mediaType
        imageURL = stored.imageURL
        hdImageURL = stored.hdImageURL
        pageURL = stored.pageURL
        copyright = stored.copyright
        altText = stored.altText
        dateAdded = stored.dateAdded
      }
    }
  }

  /// The shape CloudKit can mirror: every field optional, no unique key (CloudKit allows neither
  /// a required field without a default nor a unique constraint). The same field names as V1, so
  /// the migration is lightweight and keeps every value; Core's `StoredFavoriteV2` is the same
  /// record as a value and holds the reading rules, `FavoritesMerge` the rule for a day stored
  /// twice.
  enum FavoritesSchemaV2: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }
    static var models: [any PersistentModel.Type] { [FavoriteRecord.self] }

    @Model
    final class FavoriteRecord {
      var date: String?
      var title: String?
      var mediaType: String?
      var imageURL: String?
      var hdImageURL: String?
      var pageURL: String?
      var copyright: String?
      var altText: String?
      var dateAdded: Date?

      init(_ favorite: Favorite) {
        let stored = StoredFavoriteV2(favorite)
        date = stored.date
        title = stored.title
        mediaType = stored.mediaType
        imageURL = stored.imageURL
        hdImageURL = stored.hdImageURL
        pageURL = stored.pageURL
        copyright = stored.copyright
        altText = stored.altText
        dateAdded = stored.dateAdded
      }

      /// Overwrites every field with `favorite`'s (saving a day again, or keeping a merge).
      func update(from favorite: Favorite) {
        let stored = StoredFavoriteV2(favorite)
        date = stored.date
        title = stored.title
        mediaType = stored.mediaType
        imageURL = stored.imageURL
        hdImageURL = stored.hdImageURL
        pageURL = stored.pageURL
        copyright = stored.copyright
        altText = stored.altText
        dateAdded = stored.dateAdded
      }

      /// The favorite this record stores, by Core's reading rules; nil without a readable day.
      var favorite: Favorite? {
        StoredFavoriteV2(
          date: date, title: title, mediaType: mediaType, imageURL: imageURL, hdImageURL: hdImageURL,
          pageURL: pageURL, copyright: copyright, altText: altText, dateAdded: dateAdded
        ).favorite
      }
    }
  }

  /// The record the store reads and writes: the current schema's.
  typealias FavoriteRecord = FavoritesSchemaV2.FavoriteRecord

  /// Every favorites schema in order, and how to go from one to the next: V1 → V2 only relaxes
  /// the record (fields become optional, the unique key goes), a lightweight migration that keeps
  /// every value.
  enum FavoritesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [FavoritesSchemaV1.self, FavoritesSchemaV2.self] }
    static var stages: [MigrationStage] {
      [.lightweight(fromVersion: FavoritesSchemaV1.self, toVersion: FavoritesSchemaV2.self)]
    }
  }
#endif
