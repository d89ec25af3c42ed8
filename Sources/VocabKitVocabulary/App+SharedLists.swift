extension App {
  /// The app's parameters in order, each with the position (in this list) of the first
  /// parameter whose vocabulary is the same list, or nil for the first with its list: one
  /// `ParameterVocabulary` under several `ParameterNames` is compiled, cached and linted once.
  ///
  /// Lists the loader shares are recognized by their storage, without hashing their items.
  ///
  /// - Complexity: O(*p* log *p*) for *p* parameters, plus O(*n*) to hash each list of *n*
  ///   items that shares no storage with an earlier one.
  package var parameterLists: [(parameter: ParameterName, sameAs: Int?)] {
    var byStorage: [ListStorage: Int] = [:]
    var byContent: [[VocabularyItem]: Int] = [:]
    var lists: [(parameter: ParameterName, sameAs: Int?)] = []
    for (position, parameter) in parameterVocabularies.keys.sorted().enumerated() {
      let items = parameterVocabularies[parameter]!
      let storage = ListStorage(items)
      if let earlier = byStorage[storage] ?? byContent[items] {
        lists.append((parameter, earlier))
        byStorage[storage] = earlier
      } else {
        lists.append((parameter, nil))
        byContent[items] = position
        byStorage[storage] = position
      }
    }
    return lists
  }
}

/// Where an array's elements are stored: two arrays with the same storage and count hold the
/// same elements (valid while both are alive).
private struct ListStorage: Hashable {
  var address: UInt
  var count: Int

  init(_ items: [VocabularyItem]) {
    address = items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    count = items.count
  }
}
