#if canImport(SwiftData)
  import Favorites
  import Foundation
  import SwiftData

  /// The first stored shape of favorites: one record per APOD date, every field required but the
  /// links, copyright and alt text, `date` unique. Frozen: it describes stores written by earlier
  /// versions, so they can be migrated; the app never writes one.
  enum FavoritesSchemaV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
    static var models: [any PersistentModel.Type] { [FavoriteRecord.self] }

    // `= nil` on an optional property is what no initializer means: the schema's default value
    // is nil either way, so the stored shape is V1's as earlier versions wrote it.
    @Model
    final class FavoriteRecord {
      @Attribute(.unique) var date: String
      var title: String
      var mediaType: String
      var imageURL: String? = nil
      var hdImageURL: String? = nil
      var pageURL: String? = nil
      var copyright: String? = nil
      var altText: String? = nil
      var dateAdded: Date

      init(date: String, title: String, mediaType: String, dateAdded: Date) {
        self.date = date
        self.title = title
        self.mediaType = mediaType
        self.dateAdded = dateAdded
      }
    }
  }

  /// The shape CloudKit can mirror (Core's `StoredFavorite`, which reads and writes it): every
  /// field optional, no unique key. The same field names as V1, so the migration is lightweight
  /// and keeps every value.
  enum FavoritesSchemaV2: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }
    static var models: [any PersistentModel.Type] { [FavoriteRecord.self] }

    // Each `= nil` is the default an optional property has without one (see V1): it only lets
    // `init` hand the record to Core's `store(_:)`.
    @Model
    final class FavoriteRecord: StoredFavorite {
      var date: String? = nil
      var title: String? = nil
      var mediaType: String? = nil
      var imageURL: String? = nil
      var hdImageURL: String? = nil
      var pageURL: String? = nil
      var copyright: String? = nil
      var altText: String? = nil
      var dateAdded: Date? = nil

      init(_ favorite: Favorite) {
        store(favorite)
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
