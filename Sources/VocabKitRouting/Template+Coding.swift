import VocabKitNormalization
import VocabKitSupport
import VocabKitVocabulary

extension Template {
  /// Writes what compiling the template found (its words' keys, its slots, its scripts) for
  /// the compiled cache; the rest is the registry's, and ``evidence`` follows from the shards.
  func write(to writer: inout BinaryWriter) {
    writer.write(elements) { writer, element in
      switch element {
      case .word(let symbols, let latin):
        writer.write(UInt8(0))
        writer.write(block: symbols)
        writer.write(latin)
      case .slot(let name):
        writer.write(UInt8(1))
        writer.write(name)
      }
    }
    writer.write(scripts.map(\.code).sorted()) { writer, code in writer.write(code) }
  }

  /// Reads a template ``write(to:)`` wrote for `source`, checking that its slots are the
  /// placeholders of the source's text, in order.
  init(reading reader: inout BinaryReader, source: Source) throws(BinaryReaderError) {
    let elements = try reader.readArray { reader throws(BinaryReaderError) -> Element in
      switch try reader.read(UInt8.self) {
      case 0:
        return .word(symbols: try reader.readBlock(of: UInt8.self), latin: try reader.readString())
      case 1: return .slot(try reader.readString())
      case let kind:
        throw BinaryReaderError(description: "template element of unknown kind \(kind)")
      }
    }
    let placeholders = IntentTemplate.parts(of: source.text).compactMap { part -> String? in
      if case .placeholder(let name) = part { return name }
      return nil
    }
    let slots = elements.compactMap { element -> String? in
      if case .slot(let name) = element { return name }
      return nil
    }
    guard slots == placeholders else {
      throw BinaryReaderError(
        description: "a cached template's slots are not those of '\(source.text)'")
    }
    let scripts = try reader.readArray { reader throws(BinaryReaderError) in
      Script(code: try reader.readString())
    }
    self.init(source: source, elements: elements, scripts: Set(scripts))
  }
}
