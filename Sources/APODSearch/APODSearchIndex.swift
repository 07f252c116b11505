import Foundation
import NASA
import TextCleaning

/// Keyword search over the days Spacer has saved: title, explanation and credit.
///
/// Rules:
/// - A query is read as words (`SearchText`: no case, no diacritics). A day matches when every
///   query word begins a word of its title, explanation or credit: "androm gal" finds "Andromeda
///   Galaxy". A query with no words matches nothing (the caller shows the unfiltered list).
/// - Ranking: days whose title holds more of the query words come first; among equals, the newest
///   day first. A query that is a date (`2026-11-20`) puts that day first, whatever its text.
/// - The index grows as days are saved (`insert`); inserting a day again replaces its text, so a
///   corrected payload never leaves stale words behind.
/// - `filter` narrows the result to pictures or videos (`APODMediaFilter`), as the Explore filter
///   does for the whole list.
///
/// Built for the whole archive (about 11,000 days): words map to the days that hold them, and a
/// sorted vocabulary finds every word a query word begins with a binary search.
public struct APODSearchIndex: Sendable {
  /// One day found, with what the list shows and why it ranks where it does.
  public struct Hit: Sendable, Hashable {
    public let day: APODDay
    public let title: String
    public let kind: APODMediaFilter.Kind
    /// How many of the query's words begin a word of the title.
    public let titleMatches: Int
  }

  private struct Document: Sendable {
    var day: APODDay
    var title: String
    var kind: APODMediaFilter.Kind
    /// The title's distinct words, for ranking.
    var titleWords: [String]
    /// Every distinct word of title, explanation and credit.
    var words: Set<String>
  }

  private var documents: [Document] = []
  private var documentOfDay: [APODDay: Int] = [:]
  /// Word → the documents that contain it.
  private var postings: [String: Set<Int>] = [:]
  /// Every word in `postings`, sorted, for prefix lookups.
  private var vocabulary: [String] = []

  public init() {}

  /// An index of `apods`.
  public init(_ apods: some Sequence<APOD>) {
    insert(apods)
  }

  /// How many days are indexed.
  public var count: Int { documentOfDay.count }

  /// Adds `apods`, replacing the text of days already indexed.
  public mutating func insert(_ apods: some Sequence<APOD>) {
    insert(documents: apods.map(Self.document(for:)))
  }

  /// An index of `apods`, their text read on every core at once (the first search of a large
  /// archive reads thousands of days); the same index `init(_:)` builds.
  public static func building(_ apods: [APOD]) async -> APODSearchIndex {
    var index = APODSearchIndex()
    index.insert(documents: await documents(for: apods))
    return index
  }

  /// The documents of `apods`, in order, made in parallel chunks.
  private static func documents(for apods: [APOD]) async -> [Document] {
    let chunkCount = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
    guard apods.count >= 256, chunkCount > 1 else { return apods.map(document(for:)) }
    let chunkSize = (apods.count + chunkCount - 1) / chunkCount
    return await withTaskGroup(of: (Int, [Document]).self) { group in
      for start in stride(from: 0, to: apods.count, by: chunkSize) {
        let chunk = Array(apods[start..<min(start + chunkSize, apods.count)])
        group.addTask { (start, chunk.map(document(for:))) }
      }
      var chunks: [(Int, [Document])] = []
      for await chunk in group { chunks.append(chunk) }
      return chunks.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
  }

  /// What the index keeps of `apod`: its words, read once.
  private static func document(for apod: APOD) -> Document {
    let titleWords = SearchText.words(apod.title)
    var words = Set(titleWords)
    words.formUnion(SearchText.words(apod.explanation))
    if let credit = apod.credit ?? apod.copyright { words.formUnion(SearchText.words(credit)) }
    return Document(
      day: apod.date, title: apod.title, kind: APODMediaFilter.Kind(apod),
      titleWords: Array(Set(titleWords)), words: words)
  }

  /// Adds `newDocuments`, replacing the text of days already indexed.
  private mutating func insert(documents newDocuments: [Document]) {
    var newWords: Set<String> = []
    for document in newDocuments {
      let id: Int
      if let existing = documentOfDay[document.day] {
        id = existing
        for word in documents[id].words { postings[word]?.remove(id) }
        documents[id] = document
      } else {
        id = documents.count
        documents.append(document)
        documentOfDay[document.day] = id
      }
      for word in document.words {
        if postings[word, default: []].insert(id).inserted, postings[word]?.count == 1 {
          newWords.insert(word)
        }
      }
    }
    mergeIntoVocabulary(newWords)
  }

  /// The days matching `query`, best first, narrowed by `filter`.
  public func search(_ query: String, filter: APODMediaFilter = .all) -> [Hit] {
    let queryWords = Array(Set(SearchText.words(query)))
    guard !queryWords.isEmpty else { return [] }
    // A query that is a date (`2026-11-20`) asks for that day: it comes first when indexed.
    if let day = APODDay(rawValue: TextScan.trimmed(query)), let id = documentOfDay[day] {
      let document = documents[id]
      let others = matches(queryWords, filter: filter).filter { $0.day != day }
      guard filter.includes(document.kind) else { return others }
      let titleMatches = queryWords.filter { word in document.titleWords.contains { $0.hasPrefix(word) } }
        .count
      return [Hit(day: day, title: document.title, kind: document.kind, titleMatches: titleMatches)] + others
    }
    return matches(queryWords, filter: filter)
  }

  /// The days holding every one of `queryWords`, best first, narrowed by `filter`.
  private func matches(_ queryWords: [String], filter: APODMediaFilter) -> [Hit] {
    var matching: Set<Int>?
    // The rarest word first, so the intersection shrinks as early as possible.
    let candidates = queryWords.map(documentsWithWord(beginning:)).sorted { $0.count < $1.count }
    for documentsForWord in candidates {
      matching = matching.map { $0.intersection(documentsForWord) } ?? documentsForWord
      if matching?.isEmpty == true { return [] }
    }
    let hits = (matching ?? []).compactMap { id -> Hit? in
      let document = documents[id]
      guard filter.includes(document.kind) else { return nil }
      // `filter(_:).count`, not Swift 6's `count(where:)`: its back-deployment to iOS 17 is unverified.
      let titleMatches = queryWords.filter { word in document.titleWords.contains { $0.hasPrefix(word) } }
        .count
      return Hit(day: document.day, title: document.title, kind: document.kind, titleMatches: titleMatches)
    }
    return hits.sorted { lhs, rhs in
      lhs.titleMatches != rhs.titleMatches ? lhs.titleMatches > rhs.titleMatches : lhs.day > rhs.day
    }
  }

  /// The documents holding a word that begins with `prefix`.
  private func documentsWithWord(beginning prefix: String) -> Set<Int> {
    var low = 0
    var high = vocabulary.count
    while low < high {
      let middle = (low + high) / 2
      if vocabulary[middle] < prefix { low = middle + 1 } else { high = middle }
    }
    var result: Set<Int> = []
    var index = low
    while index < vocabulary.count, vocabulary[index].hasPrefix(prefix) {
      if let documents = postings[vocabulary[index]] { result.formUnion(documents) }
      index += 1
    }
    return result
  }

  /// Merges words seen for the first time into the sorted vocabulary (one pass, no re-sort of
  /// the words already there). Words whose last day was replaced stay: they match nothing.
  private mutating func mergeIntoVocabulary(_ words: Set<String>) {
    guard !words.isEmpty else { return }
    let added = words.sorted()
    var merged: [String] = []
    merged.reserveCapacity(vocabulary.count + added.count)
    var old = vocabulary.startIndex
    var new = added.startIndex
    while old < vocabulary.endIndex, new < added.endIndex {
      if vocabulary[old] < added[new] {
        merged.append(vocabulary[old])
        old += 1
      } else if vocabulary[old] == added[new] {
        merged.append(vocabulary[old])
        old += 1
        new += 1
      } else {
        merged.append(added[new])
        new += 1
      }
    }
    merged.append(contentsOf: vocabulary[old...])
    merged.append(contentsOf: added[new...])
    vocabulary = merged
  }
}
