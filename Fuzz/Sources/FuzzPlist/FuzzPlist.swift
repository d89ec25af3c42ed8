// libFuzzer target: the plist reader on raw bytes (XML and binary plists).
import Foundation
@_spi(Fuzzing) import VocabKitVocabulary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let result = PropertyListFuzzing.parse(bytes, file: "fuzz.plist")
  if !result.hasRoot {
    precondition(!result.diagnostics.isEmpty, "no root and no diagnostic")
  }
  for diagnostic in result.diagnostics {
    _ = diagnostic.description
  }
  return 0
}
