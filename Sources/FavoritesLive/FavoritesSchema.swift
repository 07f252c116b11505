#if canImport(SwiftData)
  import SwiftData

  /// The first stored shape of favorites: one `FavoriteRecord` per APOD date.
  ///
  /// Declared now, while there is a single version, so the next model change adds `SchemaV2` and a
  /// migration stage instead of meeting a store it cannot open. When that happens, freeze this
  /// version's record as a nested type and point `models` at it.
  enum FavoritesSchemaV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
    static var models: [any PersistentModel.Type] { [FavoriteRecord.self] }
  }

  /// Every favorites schema in order, and how to go from one to the next (nothing yet).
  enum FavoritesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [FavoritesSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
  }
#endif
