import Dispatch
import VocabKitMatching
import VocabKitSupport
import VocabKitVocabulary

// The registry in a compiled cache: apps, intents and diagnostics in one outline, and each
// list of items in chunks that are read on every core, once as the registry's items and once
// as the matcher's entries.
extension CompiledVocabulary {
  /// Items a chunk of a list holds: enough that a chunk's work outweighs handing it to a core,
  /// few enough that a 100,000-item list gives the cores 25 chunks to share.
  static let cacheChunkItems = 4096

  /// Writes a registry, each list in chunks of at most `chunkItems` items.
  static func write(
    _ registry: VocabularyRegistry, to writer: inout BinaryWriter,
    chunkItems: Int = cacheChunkItems
  ) {
    precondition(chunkItems > 0, "a chunk holds at least one item")
    // A list is its length, then its chunks, each a section.
    func write(items: [VocabularyItem], _ writer: inout BinaryWriter) {
      writer.write(items.count)
      let starts = Array(stride(from: 0, to: items.count, by: chunkItems))
      writer.write(starts) { writer, start in
        var chunk = BinaryWriter()
        chunk.write(Array(items[start..<min(start + chunkItems, items.count)])) {
          writer, item in
          writer.write(item.identifier)
          writer.write(item.priority)
          writer.write(item.examples) { writer, example in writer.write(example) }
          writer.write(item.phrases) { writer, phrase in
            writer.write(phrase.text)
            writer.write(phrase.pronunciation)
            writer.write(case: phrase.kind)
          }
        }
        writer.write(section: chunk)
      }
    }
    writer.write(registry.apps) { writer, app in
      writer.write(app.bundleIdentifier)
      writer.write(app.folder)
      writer.write(app.name)
      writer.write(app.names) { writer, name in
        writer.write(name.text)
        writer.write(name.pronunciation)
        writer.write(case: name.kind)
      }
      writer.write(app.intents) { writer, intent in
        writer.write(intent.name)
        writer.write(intent.examples) { writer, example in
          writer.write(example.text)
          writer.write(example.localization)
        }
        writer.write(intent.parameterExamples) { writer, example in
          writer.write(example.parameter)
          writer.write(example.text)
          writer.write(example.localization)
        }
      }
      // A list that an earlier parameter has too is written as that parameter's position
      // (compiling shares one index between them, and reading shares it again).
      writer.write(app.parameterLists) { writer, list in
        writer.write(list.parameter.intent)
        writer.write(list.parameter.parameter)
        writer.write(list.sameAs ?? -1)
        if list.sameAs == nil { write(items: app.parameterVocabularies[list.parameter]!, &writer) }
      }
      writer.write(app.userVocabulary.keys.sorted()) { writer, type in
        writer.write(type.rawValue)
        write(items: app.userVocabulary[type]!, &writer)
      }
    }
    writer.write(registry.diagnostics) { writer, diagnostic in
      writer.write(case: diagnostic.severity)
      writer.write(diagnostic.code)
      writer.write(diagnostic.file)
      writer.write(diagnostic.line ?? -1)
      writer.write(diagnostic.keyPath)
      writer.write(diagnostic.message)
    }
    writer.write(registry.sourceFiles) { writer, file in writer.write(file) }
  }

  /// A registry read without the items of its lists, and where each list goes.
  struct RegistryOutline: Sendable {
    /// The registry, every list empty.
    var registry: VocabularyRegistry
    /// Each distinct list: the shard whose entries are read from it, and its chunks.
    var lists: [ItemList] = []
    /// Where each list goes: an app's parameter or user vocabulary type, and its shard.
    var places: [(list: Int, app: Int, place: ListPlace, shard: ShardKey)] = []

    struct ItemList: Sendable {
      var shard: ShardKey
      var count: Int
      /// Each chunk's first item in the list, its item count and its bytes.
      var chunks: [(start: Int, count: Int, section: BinaryReader)]
    }

    enum ListPlace: Sendable {
      case parameter(ParameterName)
      case userVocabulary(UserVocabularyType)
    }

    /// The registry with every list's items in place.
    func registry(items: [[VocabularyItem]]) -> VocabularyRegistry {
      var registry = registry
      for (list, app, place, _) in places {
        switch place {
        case .parameter(let parameter):
          registry.apps[app].parameterVocabularies[parameter] = items[list]
        case .userVocabulary(let type):
          registry.apps[app].userVocabulary[type] = items[list]
        }
      }
      return registry
    }

    /// Each shard's entries, given each list's.
    func shardEntries(_ entries: [[MatchEntry]]) -> [ShardKey: [MatchEntry]] {
      var shards: [ShardKey: [MatchEntry]] = [:]
      for place in places { shards[place.shard] = entries[place.list] }
      return shards
    }
  }

  /// Reads a registry's outline: everything but the items of its lists, whose chunks are
  /// read apart (``readLists(_:inPlaceLimit:alongside:)``).
  ///
  /// One function on purpose: it reads the registry's fields in the order
  /// ``write(_:to:)`` writes them, so the two can be compared line by line.
  static func readRegistry(_ reader: inout BinaryReader) throws(BinaryReaderError)
    -> RegistryOutline
  {
    // Kinds are one byte each, their position among all cases.
    let nameKinds = Array(AppName.Kind.allCases)
    let severities = Array(Diagnostic.Severity.allCases)
    var outline = RegistryOutline(registry: VocabularyRegistry(apps: []))
    func list(_ reader: inout BinaryReader, shard: ShardKey) throws(BinaryReaderError) -> Int {
      let count = try reader.readCount()
      var start = 0
      let chunks = try reader.readArray { reader throws(BinaryReaderError) in
        let section = try reader.readSection()
        var counter = section
        let chunk = (start: start, count: try counter.readCount(), section: section)
        // The writer writes no empty chunk; a file of them could ask for any number of lists.
        guard chunk.count > 0 else {
          throw BinaryReaderError(description: "an empty chunk in the list of '\(shard.source)'")
        }
        start += chunk.count
        return chunk
      }
      guard start == count else {
        throw BinaryReaderError(
          description: "a list of \(count) items whose chunks hold \(start) for '\(shard.source)'")
      }
      outline.lists.append(.init(shard: shard, count: count, chunks: chunks))
      return outline.lists.count - 1
    }
    var appPosition = 0
    let apps = try reader.readArray { reader throws(BinaryReaderError) in
      defer { appPosition += 1 }
      let bundleIdentifier = try reader.readString()
      let folder = try reader.readString()
      let name = try reader.readString()
      let names = try reader.readArray { reader throws(BinaryReaderError) in
        AppName(
          text: try reader.readString(), pronunciation: try reader.readOptionalString(),
          kind: try reader.readElement(of: nameKinds, what: "name kind"))
      }
      let intents = try reader.readArray { reader throws(BinaryReaderError) in
        Intent(
          name: try reader.readString(),
          examples: try reader.readArray { reader throws(BinaryReaderError) in
            IntentExample(text: try reader.readString(), localization: try reader.readString())
          },
          parameterExamples: try reader.readArray { reader throws(BinaryReaderError) in
            ParameterExample(
              parameter: try reader.readString(), text: try reader.readString(),
              localization: try reader.readString())
          })
      }
      // The list each parameter has, by position: its own, or an earlier parameter's.
      var parameterLists: [Int] = []
      let parameterCount = try reader.readCount()
      for position in 0..<parameterCount {
        let parameter = ParameterName(
          intent: try reader.readString(), parameter: try reader.readString())
        let shard = ShardKey(app: bundleIdentifier, source: parameter.description)
        let sameAs = try reader.readInt()
        if sameAs < 0 {
          parameterLists.append(try list(&reader, shard: shard))
        } else {
          guard sameAs < position else {
            throw BinaryReaderError(
              description:
                "parameter \(position) shares the list of parameter \(sameAs), not an earlier one")
          }
          parameterLists.append(parameterLists[sameAs])
        }
        outline.places.append(
          (parameterLists[position], appPosition, .parameter(parameter), shard))
      }
      let typeCount = try reader.readCount()
      for _ in 0..<typeCount {
        let type = UserVocabularyType(rawValue: try reader.readString())
        let shard = ShardKey(app: bundleIdentifier, source: type.rawValue)
        outline.places.append(
          (try list(&reader, shard: shard), appPosition, .userVocabulary(type), shard))
      }
      return App(
        bundleIdentifier: bundleIdentifier, folder: folder, name: name, names: names,
        intents: intents)
    }
    let diagnostics = try reader.readArray { reader throws(BinaryReaderError) in
      let severity = try reader.readElement(of: severities, what: "severity")
      let code = try reader.readString()
      let file = try reader.readString()
      let line = try reader.readInt()
      return Diagnostic(
        severity, code: code, file: file, line: line < 0 ? nil : line,
        keyPath: try reader.readString(), message: try reader.readString())
    }
    let sourceFiles = try reader.readArray { reader throws(BinaryReaderError) in
      try reader.readString()
    }
    outline.registry = VocabularyRegistry(
      apps: apps, diagnostics: diagnostics, sourceFiles: sourceFiles)
    return outline
  }

  /// Reads every chunk of a registry's lists twice, as the registry's items and as the
  /// matcher's entries (as ``entry(_:app:source:)`` makes them), each a part that any core
  /// may run while `alongside` runs too; returns each list's items and entries, or the
  /// first error (by list and chunk).
  ///
  /// A chunk is read into an array of its own, and a list of one chunk is that array. The
  /// chunks of the longest lists of many chunks (at most ``maximumListsReadInPlace``) are
  /// read in place into the list's arrays: copying 100,000 items and entries into arrays
  /// took as long as a third of reading them. Any other list's chunks are joined.
  ///
  /// - Complexity: O(*n*) in the size of the lists, shared among the cores.
  static func readLists(
    _ outline: RegistryOutline, inPlaceLimit: Int = maximumListsReadInPlace,
    alongside: @Sendable () -> Void
  ) throws(BinaryReaderError) -> (items: [[VocabularyItem]], entries: [[MatchEntry]]) {
    let lists = outline.lists
    let long = Array(
      lists.indices.filter { lists[$0].chunks.count > 1 }
        .sorted { a, b in
          lists[a].count != lists[b].count ? lists[a].count > lists[b].count : a < b
        }
        .prefix(inPlaceLimit))
    let parts = lists.indices.flatMap { list in
      lists[list].chunks.indices.map { (list: list, chunk: $0) }
    }
    // Each part writes only its own slot, or its own chunk's range of a long list's array.
    let results = Locked<[Int: Result<ListChunk, BinaryReaderError>]>([:])
    var longItems: [[VocabularyItem]] = []
    var longEntries: [[MatchEntry]] = []
    longItems = inPlace(counts: long.map { lists[$0].count }) { itemBuffers in
      longEntries = inPlace(counts: long.map { lists[$0].count }) { entryBuffers in
        nonisolated(unsafe) let itemBuffers = itemBuffers
        nonisolated(unsafe) let entryBuffers = entryBuffers
        let longPosition = Dictionary(uniqueKeysWithValues: long.enumerated().map { ($1, $0) })
        DispatchQueue.concurrentPerform(iterations: 1 + parts.count * 2) { part in
          guard part > 0 else { return alongside() }
          let (list, chunk) = parts[(part - 1) / 2]
          let readsItems = (part - 1) % 2 == 0
          let (start, count, section) = lists[list].chunks[chunk]
          let shard = lists[list].shard
          let result: Result<ListChunk, BinaryReaderError>
          if let position = longPosition[list] {
            let error =
              readsItems
              ? readInPlace(
                section, count: count, into: itemBuffers[position].baseAddress! + start,
                placeholder: VocabularyItem(identifier: "", phrases: []), element: readItem)
              : readInPlace(
                section, count: count, into: entryBuffers[position].baseAddress! + start,
                placeholder: MatchEntry(identifier: "", type: "", phrases: [])
              ) { reader throws(BinaryReaderError) in try readEntry(&reader, shard: shard) }
            guard let error else { return }
            result = .failure(error)
          } else if readsItems {
            result = Result { () throws(BinaryReaderError) in
              .items(try readChunk(section, element: readItem))
            }
          } else {
            result = Result { () throws(BinaryReaderError) in
              .entries(
                try readChunk(section) { reader throws(BinaryReaderError) in
                  try readEntry(&reader, shard: shard)
                })
            }
          }
          results.withLock { $0[part] = result }
        }
      }
    }
    let outcomes = results.withLock { $0 }
    var items: [[VocabularyItem]] = Array(repeating: [], count: lists.count)
    var entries: [[MatchEntry]] = Array(repeating: [], count: lists.count)
    for (position, list) in long.enumerated() {
      items[list] = longItems[position]
      entries[list] = longEntries[position]
    }
    // In part order: the first error is the first part's, and a list's chunks join in order.
    for part in outcomes.keys.sorted() {
      let list = parts[(part - 1) / 2].list
      switch try outcomes[part]!.get() {
      case .items(let read):
        if items[list].isEmpty { items[list] = read } else { items[list] += read }
      case .entries(let read):
        if entries[list].isEmpty { entries[list] = read } else { entries[list] += read }
      }
    }
    return (items, entries)
  }

  /// The most lists read in place: each opens two arrays, one inside the other, so the
  /// number bounds how deep they nest (a vocabulary has a few long lists).
  static let maximumListsReadInPlace = 32

  /// What reading a chunk into an array of its own gives.
  private enum ListChunk {
    case items([VocabularyItem])
    case entries([MatchEntry])
  }

  /// Arrays of `counts` elements, which `body` initializes in place through one buffer for
  /// each, all of each, before it returns.
  ///
  /// Each array's storage is open only inside `Array(unsafeUninitializedCapacity:)`, so the
  /// arrays are opened one inside another: as deep as there are counts.
  private static func inPlace<Element>(
    counts: [Int], _ body: ([UnsafeMutableBufferPointer<Element>]) -> Void
  ) -> [[Element]] {
    var buffers: [UnsafeMutableBufferPointer<Element>] = []
    var arrays: [[Element]] = []  // Innermost first.
    func open(_ position: Int) {
      guard position < counts.count else { return body(buffers) }
      let count = counts[position]
      let array = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
        buffers.append(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
        open(position + 1)
        initialized = count
      }
      arrays.append(array)
    }
    open(0)
    return arrays.reversed()
  }

  /// A chunk's elements, in an array of their own.
  private static func readChunk<Element>(
    _ section: BinaryReader,
    element: (inout BinaryReader) throws(BinaryReaderError) -> Element
  ) throws(BinaryReaderError) -> [Element] {
    var reader = section
    let count = try reader.readCount()
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for _ in 0..<count { elements.append(try element(&reader)) }
    guard reader.isAtEnd else {
      throw BinaryReaderError(description: "unexpected bytes after a chunk's items")
    }
    return elements
  }

  /// Initializes `count` elements at `destination` from a chunk's bytes, or returns the
  /// error after filling the rest with `placeholder` (so that every element is initialized
  /// either way).
  private static func readInPlace<Element>(
    _ section: BinaryReader, count: Int, into destination: UnsafeMutablePointer<Element>,
    placeholder: Element,
    element: (inout BinaryReader) throws(BinaryReaderError) -> Element
  ) -> BinaryReaderError? {
    var reader = section
    var initialized = 0
    do throws(BinaryReaderError) {
      _ = try reader.readCount()  // The chunk's count, read by the outline.
      while initialized < count {
        (destination + initialized).initialize(to: try element(&reader))
        initialized += 1
      }
      guard reader.isAtEnd else {
        throw BinaryReaderError(description: "unexpected bytes after a chunk's items")
      }
      return nil
    } catch {
      (destination + initialized).initialize(repeating: placeholder, count: count - initialized)
      return error
    }
  }

  /// Kinds of phrase, by the position a cache writes them as.
  private static let phraseKinds = Array(VocabularyPhrase.Kind.allCases)

  /// An item, as ``write(_:to:)`` writes it.
  static func readItem(_ reader: inout BinaryReader) throws(BinaryReaderError) -> VocabularyItem {
    let identifier = try reader.readString()
    let priority = try reader.readInt()
    let exampleCount = try reader.readCount()
    var examples: [String] = []
    for _ in 0..<exampleCount { examples.append(try reader.readString()) }
    let phrases = try readPhrases(&reader) { reader throws(BinaryReaderError) in
      VocabularyPhrase(
        text: try reader.readString(), pronunciation: try reader.readOptionalString(),
        kind: try reader.readElement(of: phraseKinds, what: "phrase kind"))
    }
    return VocabularyItem(
      identifier: identifier, phrases: phrases, examples: examples, priority: priority)
  }

  /// The matcher's entry for an item of `shard`, read straight from the item's bytes.
  static func readEntry(_ reader: inout BinaryReader, shard: ShardKey) throws(BinaryReaderError)
    -> MatchEntry
  {
    let identifier = try reader.readString()
    let priority = try reader.readInt()
    let exampleCount = try reader.readCount()
    for _ in 0..<exampleCount { try reader.skipString() }
    let phrases = try readPhrases(&reader) { reader throws(BinaryReaderError) in
      let text = try reader.readString()
      let pronunciation = try reader.readOptionalString()
      let kind = try reader.readElement(of: phraseKinds, what: "phrase kind")
      return MatchPhrase(text, pronunciation: pronunciation, weight: phraseWeight(kind))
    }
    return MatchEntry(
      identifier: identifier, type: shard.source, phrases: phrases, priority: priority,
      owner: shard.app)
  }

  /// A count, then that many phrases.
  @inline(__always)
  private static func readPhrases<Phrase>(
    _ reader: inout BinaryReader,
    _ phrase: (inout BinaryReader) throws(BinaryReaderError) -> Phrase
  ) throws(BinaryReaderError) -> [Phrase] {
    let count = try reader.readCount()
    // Most items have one phrase: an array literal allocates it with no growth path.
    if count == 1 { return [try phrase(&reader)] }
    var phrases: [Phrase] = []
    phrases.reserveCapacity(count)
    for _ in 0..<count { phrases.append(try phrase(&reader)) }
    return phrases
  }
}
