import Foundation

/// The apps of a vocabulary directory, read from their plists, with every problem found.
///
/// ```swift
/// let registry = try VocabularyRegistry.load(directory: URL(fileURLWithPath: "vocab"))
/// for diagnostic in registry.diagnostics { print(diagnostic) }
/// ```
public struct VocabularyRegistry: Sendable {
  public var apps: [App]
  /// Errors and warnings from loading, each with file, line and key path. Anything skipped
  /// is reported here.
  public var diagnostics: [Diagnostic]
  /// The files read, relative to the directory, for cache validation.
  public var sourceFiles: [String]

  public init(apps: [App], diagnostics: [Diagnostic] = [], sourceFiles: [String] = []) {
    self.apps = apps
    self.diagnostics = diagnostics
    self.sourceFiles = sourceFiles
  }

  /// The app with this bundle identifier.
  public func app(_ bundleIdentifier: String) -> App? {
    apps.first { $0.bundleIdentifier == bundleIdentifier }
  }
}

/// A vocabulary directory that cannot be read at all.
public struct VocabularyDirectoryError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var reason: String
  public var description: String { "\(path): \(reason)" }

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

extension VocabularyRegistry {
  /// The most apps a directory may hold.
  public static let maximumApps = 10_000

  /// Loads every app folder (any folder with an `Info.plist`) in `directory`.
  ///
  /// - Parameters:
  ///   - directory: The vocabulary directory: one folder per app.
  ///   - locale: When given (`zh-Hans`, `ru`), each app's `AppIntentVocabulary.plist` comes
  ///     from the best `.lproj` for it, falling back to `Base.lproj` and then the app's
  ///     root. When nil, every localization is read and their phrases combined.
  /// - Throws: ``VocabularyDirectoryError`` when the directory is missing or unreadable.
  ///   Problems inside files never throw: they become ``diagnostics``.
  /// - Complexity: O(*n*) in the total size of the plists.
  public static func load(directory: URL, locale: String? = nil) throws(VocabularyDirectoryError)
    -> VocabularyRegistry
  {
    var registry = VocabularyRegistry(apps: [])
    var appFolders = try Self.appFolders(in: directory, &registry.diagnostics)
    if appFolders.count > maximumApps {
      registry.diagnostics.append(
        Diagnostic(
          .error, code: "too-many-apps", file: directory.path,
          message:
            "\(appFolders.count) app folders; only the first \(maximumApps) (by name) are read"))
      appFolders = Array(appFolders.prefix(maximumApps))
    }
    // The folder of each bundle identifier read so far: a duplicate is found in one lookup.
    var folderOfIdentifier: [String: String] = [:]
    for folder in appFolders {
      var loader = AppLoader(root: directory, folder: folder, locale: locale)
      if let app = loader.load() {
        if let existing = folderOfIdentifier[app.bundleIdentifier] {
          registry.diagnostics.append(
            Diagnostic(
              .error, code: "duplicate-app", file: "\(folder)/Info.plist",
              keyPath: "CFBundleIdentifier",
              message:
                "bundle identifier '\(app.bundleIdentifier)' is already used by \(existing); this app is skipped"
            ))
        } else {
          folderOfIdentifier[app.bundleIdentifier] = app.folder
          registry.apps.append(app)
        }
      }
      registry.diagnostics += Diagnostic.limited(loader.diagnostics)
      registry.sourceFiles += loader.files
    }
    if appFolders.isEmpty {
      registry.diagnostics.append(
        Diagnostic(
          .warning, code: "no-apps", file: directory.path,
          message: "no app folders (folders with an Info.plist) in the directory"))
    }
    return registry
  }

  /// The app folders of `directory`, by name; a folder that cannot be searched (it may hide
  /// an app) is added to `diagnostics`.
  ///
  /// - Throws: `VocabularyDirectoryError` when `directory` is missing, not a directory or
  ///   cannot be listed.
  static func appFolders(in directory: URL, _ diagnostics: inout [Diagnostic])
    throws(VocabularyDirectoryError) -> [String]
  {
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
      throw VocabularyDirectoryError(path: directory.path, reason: "no such directory")
    }
    guard isDirectory.boolValue else {
      throw VocabularyDirectoryError(path: directory.path, reason: "not a directory")
    }
    let entries: [String]
    do {
      entries = try fileManager.contentsOfDirectory(atPath: directory.path).sorted()
    } catch {
      throw VocabularyDirectoryError(
        path: directory.path, reason: "cannot list the directory: \(error.localizedDescription)")
    }
    var appFolders: [String] = []
    for entry in entries {
      let path = directory.appendingPathComponent(entry).path
      if isAppFolder(path) {
        appFolders.append(entry)
        continue
      }
      // A folder that cannot be searched hides whether it holds an app: an error, so that an
      // app is never dropped without a word.
      var isFolder: ObjCBool = false
      guard fileManager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else { continue }
      do {
        _ = try fileManager.contentsOfDirectory(atPath: path)
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, code: "unreadable-folder", file: entry,
            message:
              "cannot read the folder (\(error.localizedDescription)); if it is an app, it is skipped"
          ))
      }
    }
    return appFolders
  }

  /// Whether a folder is an app folder: one with an `Info.plist` (a symbolic link to either
  /// counts; so does a hidden folder).
  static func isAppFolder(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path + "/Info.plist")
  }

  /// Every file ``load(directory:locale:)`` may read, relative to `directory`, sorted: each
  /// app folder's `Info.plist`, `UserVocabulary.plist`, and its `AppIntentVocabulary.plist`
  /// and `InfoPlist.strings` at its root and in each `.lproj`.
  ///
  /// App folders are found as the loader finds them (following symbolic links, hidden ones
  /// included, at most ``maximumApps``), so a fingerprint of these files covers exactly what
  /// a compiled vocabulary depends on, and nothing else (not a cache file kept beside them).
  ///
  /// - Complexity: O(*a* × *l*) file-system lookups for *a* apps of *l* localizations.
  public static func sourceFileCandidates(directory: URL) -> [String] {
    let fileManager = FileManager.default
    let entries = ((try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    var files: [String] = []
    for folder in entries.filter({ isAppFolder(directory.appendingPathComponent($0).path) })
      .prefix(maximumApps)
    {
      let folderPath = directory.appendingPathComponent(folder).path
      var places = [""]
      let localizations = ((try? fileManager.contentsOfDirectory(atPath: folderPath)) ?? [])
        .filter { $0.hasSuffix(".lproj") }.sorted()
      places += localizations.map { $0 + "/" }
      for place in places {
        let names =
          place.isEmpty
          ? [
            "Info.plist", "InfoPlist.strings", "AppIntentVocabulary.plist", "UserVocabulary.plist",
          ]
          : ["InfoPlist.strings", "AppIntentVocabulary.plist"]
        for name in names where fileManager.fileExists(atPath: folderPath + "/" + place + name) {
          files.append(folder + "/" + place + name)
        }
      }
    }
    return files
  }
}
