import Foundation

/// A new, empty folder under the temporary directory, named `prefix-UUID`.
func makeScratchDirectory(_ prefix: String) throws -> URL {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent(
    "\(prefix)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  return root
}
