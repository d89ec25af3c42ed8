import VocabKitVocabulary

/// Renders rows as a plain-text table with columns aligned by display width.
enum Table {
  static func render(_ rows: [[String]]) -> String {
    // Cells hold utterances and vocabulary strings: never let them drive the terminal.
    let rows = rows.map { $0.map(\.escapingControlCharacters) }
    guard let columns = rows.map(\.count).max() else { return "" }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], width(cell)) }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1
          ? cell : cell + String(repeating: " ", count: widths[index] - width(cell) + 2)
      }.joined()
    }.joined(separator: "\n")
  }

  /// Terminal columns: East Asian wide characters take two, combining marks none.
  static func width(_ text: String) -> Int {
    // Printable ASCII, nearly every cell, is a column a byte: no property lookups.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.unicodeScalars.reduce(0) { total, scalar in
      let value = scalar.value
      if scalar.properties.generalCategory == .nonspacingMark
        || scalar.properties.generalCategory == .format
      {
        return total
      }
      let wide =
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
        || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
        || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
        || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
        || (0x20000...0x3FFFD).contains(value)
      return total + (wide ? 2 : 1)
    }
  }
}
