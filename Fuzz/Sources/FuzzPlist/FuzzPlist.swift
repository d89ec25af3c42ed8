// libFuzzer target: PropertyListReader.parse on raw bytes (XML and binary plists).
import Foundation
import VocabKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let result = PropertyListReader.parse(bytes, file: "fuzz.plist")
  if result.root == nil {
    precondition(!result.diagnostics.isEmpty, "no root and no diagnostic")
  }
  for diagnostic in result.diagnostics {
    _ = diagnostic.description
  }
  return 0
}
