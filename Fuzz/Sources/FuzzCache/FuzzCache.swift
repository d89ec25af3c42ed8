// libFuzzer target: the compiled-cache reader on damaged caches behind a valid checksum.
@_spi(Fuzzing) import VocabKitRouting

/// Utterances routed over every cache that reads, in the scripts the sample covers.
private let utterances = [
  "add milk to index in taskly", "call alex", "play hip hop hits on melody",
  "用爱奇艺播放破冰行动大结局", "राहुल को फ़ोन करो", "позвони алексу", "โทรหาสมชาย",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    // A cache either is an error or answers queries: never a crash or a read out of bounds.
    guard let vocabulary = try CacheFuzzing.read(bytes) else { return 0 }
    let router = Router(vocabulary: vocabulary)
    for utterance in utterances {
      let result = try router.route(utterance)
      if result.intent != nil { precondition(result.app != nil, "intent without app") }
      _ = "\(result)"
    }
  } catch {
    preconditionFailure("reading a cache threw \(error), not a damaged-cache error")
  }
  return 0
}
