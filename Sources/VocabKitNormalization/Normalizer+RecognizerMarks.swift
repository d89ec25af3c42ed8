extension Normalizer {
  /// Words that recognizers write in brackets instead of speech: a word they could not
  /// transcribe (Kaldi's and ESPnet's `<unk>`, Vosk's `[unk]`, SLURP's `@@UNKNOWN@@`) or a
  /// sound that is not speech (`[noise]`, `<sil>`, Whisper's `[Music]`).
  static let recognizerMarkWords: Set<String> = [
    "unk", "unknown", "noise", "sil", "silence", "laughter", "laugh", "breath", "cough",
    "music", "applause", "inaudible", "blank_audio",
  ]

  /// The UTF-16 ranges of recognizer marks in `units`: one of ``recognizerMarkWords`` in any
  /// case, between `<` and `>`, `[` and `]`, or `@@` and `@@`, with spaces allowed inside
  /// ("< unk >"). They say that something was there, not what: they are no words.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  static func recognizerMarks(in units: [UInt16]) -> [Range<Int>] {
    var marks: [Range<Int>] = []
    var index = 0
    while index < units.count {
      let open = units[index]
      let closing: [UInt16]
      let opening: Int
      switch open {
      case 0x3C: (closing, opening) = ([0x3E], 1)  // < >
      case 0x5B: (closing, opening) = ([0x5D], 1)  // [ ]
      case 0x40 where index + 1 < units.count && units[index + 1] == 0x40:
        (closing, opening) = ([0x40, 0x40], 2)  // @@ @@
      default:
        index += 1
        continue
      }
      if let end = markEnd(units, from: index + opening, closing: closing) {
        marks.append(index..<end)
        index = end
      } else {
        index += opening
      }
    }
    return marks
  }

  /// The end of a mark whose word starts after spaces at `start` and ends with `closing`.
  private static func markEnd(_ units: [UInt16], from start: Int, closing: [UInt16]) -> Int? {
    var position = start
    while position < units.count, units[position] == 0x20 { position += 1 }
    var word = ""
    // The longest mark word is short: a longer run of letters is text, not a mark.
    while position < units.count, word.count <= 12 {
      let unit = units[position]
      guard (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) || unit == 0x5F
      else { break }
      let lowercase = unit == 0x5F ? unit : unit | 0x20
      word.append(Character(Unicode.Scalar(UInt8(lowercase))))
      position += 1
    }
    guard recognizerMarkWords.contains(word) else { return nil }
    while position < units.count, units[position] == 0x20 { position += 1 }
    guard position + closing.count <= units.count,
      Array(units[position..<position + closing.count]) == closing
    else { return nil }
    return position + closing.count
  }
}
