import Foundation

/// The plist reader for the fuzz targets in `Fuzz/`, a package of its own that cannot see
/// `package` declarations. Not API: import with `@_spi(Fuzzing)`; nothing here is stable.
@_spi(Fuzzing) public enum PropertyListFuzzing {
  /// Parses `data` as the loader parses a plist file named `file`: whether a root value was
  /// read, and the diagnostics.
  ///
  /// - Complexity: O(*n*) in the size of `data`.
  public static func parse(_ data: Data, file: String) -> (hasRoot: Bool, diagnostics: [Diagnostic])
  {
    let result = PropertyListReader.parse(data, file: file)
    return (result.root != nil, result.diagnostics)
  }
}
