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
/// - Inserting a day again replaces its text, so a corrected payload never leaves stale words
///   behind; `remove` forgets a day.
/// - `filter` narrows the result to pictures or videos (`APODMediaFilter`), as the Explore filter
///   does for the whole list.
///
/// Built for the whole archive (about 11,000 days): a sorted vocabulary finds every word a query
/// word begins with a binary search, and each word keeps the sorted ids of the days holding it
/// (`id << 1`, plus 1 where the word is in the title), which is also the form kept on disk
/// (`SearchIndexFile`).
public struct APODSearchIndex: Sendable {
  /// One day found, with what the list shows and why it ranks where it does.
  public struct Hit: Sendable, Hashable {
    public let day: APODDay
    public let title: String
    public let kind: APODMediaFilter.Kind
    /// How many of the query's words begin a word of the title.
    public let titleMatches: Int
  }

  struct Document: Sendable, Hashable {
    var day: APODDay
    var title: String
    var kind: APODMediaFilter.Kind
  }

  /// A document and its distinct words, each marked when it is in the title.
  struct Entry: Sendable {
    var document: Document
    var words: [(word: String, inTitle: Bool)]
  }

  /// By id; nil where a day was removed (ids are given anew in day order when stored).
  private(set) var documents: [Document?] = []
  private var documentOfDay: [APODDay: Int] = [:]
  /// Every word, sorted.
  private(set) var vocabulary: [String] = []
  /// For `vocabulary[i]`, the ascending `id << 1 | inTitle` of the documents holding it.
  private(set) var postings: [[UInt32]] = []

  public init() {}

  /// An index of `apods`.
  public init(_ apods: some Sequence<APOD>) {
    insert(apods)
  }

  /// The index kept on disk, read back (`SearchIndexFile`): ids are positions in `documents`.
  init(documents: [Document], vocabulary: [String], postings: [[UInt32]]) {
    self.documents = documents
    self.vocabulary = vocabulary
    self.postings = postings
    documentOfDay.reserveCapacity(documents.count)
    for (id, document) in documents.enumerated() { documentOfDay[document.day] = id }
  }

  /// How many days are indexed.
  public var count: Int { documentOfDay.count }

  /// The indexed days, in no order.
  public var days: Dictionary<APODDay, Int>.Keys { documentOfDay.keys }

  /// Adds `apods`, replacing the text of days already indexed.
  public mutating func insert(_ apods: some Sequence<APOD>) {
    insert(entries: apods.map(Self.entry(for:)))
  }

  /// An index of `apods`, their text read on every core at once; the same index `init(_:)` builds.
  public static func building(_ apods: [APOD]) async -> APODSearchIndex {
    var index = APODSearchIndex()
    index.insert(entries: await entries(for: apods))
    return index
  }

  /// The entries of `apods`, in order, made in parallel chunks.
  static func entries(for apods: [APOD]) async -> [Entry] {
    let chunkCount = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
    guard apods.count >= 256, chunkCount > 1 else { return apods.map(entry(for:)) }
    let chunkSize = (apods.count + chunkCount - 1) / chunkCount
    return await withTaskGroup(of: (Int, [Entry]).self) { group in
      for start in stride(from: 0, to: apods.count, by: chunkSize) {
        let chunk = Array(apods[start..<min(start + chunkSize, apods.count)])
        group.addTask { (start, chunk.map(entry(for:))) }
      }
      var chunks: [(Int, [Entry])] = []
      for await chunk in group { chunks.append(chunk) }
      return chunks.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
  }

  /// What the index keeps of `apod`: its words, read once.
  static func entry(for apod: APOD) -> Entry {
    let titleWords = Set(SearchText.words(apod.title))
    var words = titleWords
    words.formUnion(SearchText.words(apod.explanationText))
    if let credit = apod.credit ?? apod.copyright { words.formUnion(SearchText.words(credit)) }
    return Entry(
      document: Document(day: apod.date, title: apod.title, kind: APODMediaFilter.Kind(apod)),
      words: words.map { ($0, titleWords.contains($0)) })
  }

  /// Forgets `days` (those not indexed are ignored).
  public mutating func remove(_ days: some Sequence<APODDay>) {
    var ids: [Int] = []
    for day in days {
      guard let id = documentOfDay.removeValue(forKey: day) else { continue }
      documents[id] = nil
      ids.append(id)
    }
    removeFromPostings(ids)
    dropEmptyWords()
  }

  /// Adds `entries`, replacing the text of days already indexed.
  mutating func insert(entries: [Entry]) {
    var replaced: [Int] = []
    var placed: [(id: Int, entry: Entry)] = []
    placed.reserveCapacity(entries.count)
    for entry in entries {
      if let id = documentOfDay[entry.document.day] {
        replaced.append(id)
        documents[id] = entry.document
        placed.append((id, entry))
      } else {
        documentOfDay[entry.document.day] = documents.count
        placed.append((documents.count, entry))
        documents.append(entry.document)
      }
    }
    removeFromPostings(replaced)
    // A day given twice in one batch: its last text wins.
    var lastOfID: [Int: Int] = [:]
    for (order, item) in placed.enumerated() { lastOfID[item.id] = order }
    var newWords: [String: [UInt32]] = [:]
    for (order, item) in placed.enumerated() where lastOfID[item.id] == order {
      for (word, inTitle) in item.entry.words {
        let value = UInt32(item.id) << 1 | (inTitle ? 1 : 0)
        let slot = position(of: word)
        if slot < vocabulary.count, vocabulary[slot] == word {
          Self.insertSorted(value, into: &postings[slot])
        } else {
          newWords[word, default: []].append(value)
        }
      }
    }
    mergeIntoVocabulary(newWords)
    dropEmptyWords()
  }

  private static func insertSorted(_ value: UInt32, into list: inout [UInt32]) {
    guard let last = list.last, last > value else {
      list.append(value)
      return
    }
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < value { low = middle + 1 } else { high = middle }
    }
    list.insert(value, at: low)
  }

  /// The first position in `vocabulary` not before `word`.
  private func position(of word: String) -> Int {
    var low = 0
    var high = vocabulary.count
    while low < high {
      let middle = (low + high) / 2
      if vocabulary[middle] < word { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private mutating func removeFromPostings(_ ids: [Int]) {
    guard !ids.isEmpty else { return }
    if ids.count > 16 {
      let removing = Set(ids.map(UInt32.init))
      for slot in postings.indices { postings[slot].removeAll { removing.contains($0 >> 1) } }
      return
    }
    for slot in postings.indices {
      for id in ids {
        let key = UInt32(id) << 1
        var low = 0
        var high = postings[slot].count
        while low < high {
          let middle = (low + high) / 2
          if postings[slot][middle] < key { low = middle + 1 } else { high = middle }
        }
        if low < postings[slot].count, postings[slot][low] >> 1 == UInt32(id) {
          postings[slot].remove(at: low)
        }
      }
    }
  }

  /// Words no day holds any more match nothing: they go.
  private mutating func dropEmptyWords() {
    guard postings.contains(where: \.isEmpty) else { return }
    var keptWords: [String] = []
    var keptPostings: [[UInt32]] = []
    for (word, list) in zip(vocabulary, postings) where !list.isEmpty {
      keptWords.append(word)
      keptPostings.append(list)
    }
    vocabulary = keptWords
    postings = keptPostings
  }

  /// Merges words seen for the first time into the sorted vocabulary (one pass).
  private mutating func mergeIntoVocabulary(_ words: [String: [UInt32]]) {
    guard !words.isEmpty else { return }
    let added = words.sorted { $0.key < $1.key }
    var mergedWords: [String] = []
    var mergedPostings: [[UInt32]] = []
    mergedWords.reserveCapacity(vocabulary.count + added.count)
    mergedPostings.reserveCapacity(vocabulary.count + added.count)
    var old = 0
    for (word, list) in added {
      while old < vocabulary.count, vocabulary[old] < word {
        mergedWords.append(vocabulary[old])
        mergedPostings.append(postings[old])
        old += 1
      }
      mergedWords.append(word)
      mergedPostings.append(list.sorted())
    }
    mergedWords.append(contentsOf: vocabulary[old...])
    mergedPostings.append(contentsOf: postings[old...])
    vocabulary = mergedWords
    postings = mergedPostings
  }

  /// The days matching `query`, best first, narrowed by `filter`.
  public func search(_ query: String, filter: APODMediaFilter = .all) -> [Hit] {
    let queryWords = Array(Set(SearchText.words(query)))
    guard !queryWords.isEmpty else { return [] }
    var matching: DocumentSet?
    var inTitles: [DocumentSet] = []
    for word in queryWords {
      let (any, title) = documentsWithWord(beginning: word)
      inTitles.append(title)
      if var found = matching {
        found.formIntersection(any)
        matching = found
      } else {
        matching = any
      }
    }
    func hit(_ id: Int) -> Hit? {
      guard let document = documents[id], filter.includes(document.kind) else { return nil }
      let titleMatches = inTitles.filter { $0.contains(id) }.count
      return Hit(day: document.day, title: document.title, kind: document.kind, titleMatches: titleMatches)
    }
    var hits = (matching?.members ?? []).compactMap(hit)
    hits.sort { lhs, rhs in
      lhs.titleMatches != rhs.titleMatches ? lhs.titleMatches > rhs.titleMatches : lhs.day > rhs.day
    }
    // A query that is a date (`2026-11-20`) asks for that day: it comes first when indexed.
    if let day = APODDay(rawValue: TextScan.trimmed(query)), let id = documentOfDay[day] {
      hits.removeAll { $0.day == day }
      if let first = hit(id) { hits.insert(first, at: 0) }
    }
    return hits
  }

  /// The documents holding a word that begins with `prefix`, and those holding one in the title.
  private func documentsWithWord(beginning prefix: String) -> (any: DocumentSet, title: DocumentSet) {
    var any = DocumentSet(capacity: documents.count)
    var title = DocumentSet(capacity: documents.count)
    var slot = position(of: prefix)
    while slot < vocabulary.count, vocabulary[slot].hasPrefix(prefix) {
      for value in postings[slot] {
        any.insert(Int(value >> 1))
        if value & 1 == 1 { title.insert(Int(value >> 1)) }
      }
      slot += 1
    }
    return (any, title)
  }
}

/// Document ids as bits: a query's sets over the whole archive are unions and intersections of
/// thousands of ids.
private struct DocumentSet {
  private var words: [UInt64]

  init(capacity: Int) {
    words = Array(repeating: 0, count: (capacity + 63) / 64)
  }

  mutating func insert(_ id: Int) {
    words[id >> 6] |= 1 << UInt64(id & 63)
  }

  func contains(_ id: Int) -> Bool {
    words[id >> 6] & (1 << UInt64(id & 63)) != 0
  }

  mutating func formIntersection(_ other: DocumentSet) {
    for slot in words.indices { words[slot] &= other.words[slot] }
  }

  var members: [Int] {
    var found: [Int] = []
    for (slot, word) in words.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        found.append(slot << 6 | rest.trailingZeroBitCount)
        rest &= rest - 1
      }
    }
    return found
  }
}
