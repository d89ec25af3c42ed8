import Foundation

/// A property list value with the line it starts on, for precise error messages.
package struct PropertyListNode: Sendable {
  package indirect enum Value: Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case date(String)
    case data(Data)
    case array([PropertyListNode])
    /// Keys in file order; duplicates are reported by the reader and only the first kept.
    case dictionary([(key: String, node: PropertyListNode)])
  }

  package var value: Value
  /// The 1-based line where the value starts; nil in binary plists.
  package var line: Int?
  /// For a dictionary value, the 1-based line of its `<key>`; nil otherwise and in binary
  /// plists. Problems with the key itself (an unknown key) are reported here.
  package var keyLine: Int? = nil

  package init(_ value: Value, line: Int?) {
    self.value = value
    self.line = line
  }

  /// The plist type name, for "expected a string, found an array".
  package var typeName: String {
    switch value {
    case .string: return "a string"
    case .integer: return "an integer"
    case .real: return "a real number"
    case .boolean: return "a boolean"
    case .date: return "a date"
    case .data: return "data"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    }
  }

  package var string: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  package var array: [PropertyListNode]? {
    if case .array(let items) = value { return items }
    return nil
  }

  package var dictionary: [(key: String, node: PropertyListNode)]? {
    if case .dictionary(let entries) = value { return entries }
    return nil
  }

  /// The value for `key` in a dictionary.
  package subscript(key: String) -> PropertyListNode? {
    dictionary?.first { $0.key == key }?.node
  }
}
