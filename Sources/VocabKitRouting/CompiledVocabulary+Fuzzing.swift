import VocabKitNormalization
import VocabKitSupport

/// The cache reader for the fuzz targets in `Fuzz/`, a package of its own that cannot see
/// `package` declarations. Not API: import with `@_spi(Fuzzing)`; nothing here is stable.
@_spi(Fuzzing) public enum CacheFuzzing {
  /// Reads `bytes` as a cache file of the fingerprint its header names, with the header's
  /// payload length and checksum made to match the payload: a cache damaged behind a valid
  /// checksum, which only the reader's own checks stand between and a crash. The vocabulary,
  /// or `nil` when reading it is an error (any error but a damaged-cache error is thrown).
  ///
  /// - Complexity: as reading a cache, O(*n*) in the size of `bytes`.
  public static func read(_ bytes: [UInt8]) throws -> CompiledVocabulary? {
    let header = CompiledVocabulary.cacheHeaderSize
    guard bytes.count >= header else { return nil }
    var sealed = bytes
    let payload = Array(bytes[header...])
    var checksum = Hash64()
    checksum.add(payload)
    var fields = BinaryWriter()
    fields.write(payload.count)
    fields.write(checksum.value)
    sealed.replaceSubrange((header - 16)..<header, with: fields.bytes)
    var fingerprint: UInt64 = 0
    for (shift, byte) in bytes[12..<20].enumerated() {
      fingerprint |= UInt64(byte) << (8 * UInt64(shift))
    }
    do {
      return try CompiledVocabulary.readCache(
        ByteStorage(copying: sealed), fingerprint: fingerprint, normalizer: try Normalizer.shared)
    } catch is BinaryReaderError {
      return nil
    }
  }
}
