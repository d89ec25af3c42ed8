import Foundation
import VocabKitSupport

/// Reads one app folder: Info.plist, InfoPlist.strings, AppIntentVocabulary.plist and
/// UserVocabulary.plist.
struct AppLoader {
  /// The longest string INVocabulary keeps, in UTF-16 bytes.
  static let maximumStringBytes = 1024
  /// iOS rejects an app with more alternative names than this per localization.
  static let maximumAlternativeNames = 3
  /// Example phrases read for one app, over all its localizations: Snips' and SLURP's whole
  /// training sets fit ten times over; a 64 MiB plist of short examples (over a million)
  /// would cost compiling a second for every 60,000.
  package static let maximumExamplesPerApp = 50_000

  let root: URL
  let folder: String
  let locale: String?
  private(set) var diagnostics: [Diagnostic] = []
  private(set) var files: [String] = []
  /// Where each intent's name, each `ParameterNames` entry and each example was read.
  private var intentNameSites: [String: Site] = [:]
  private var parameterNameSites: [(ParameterName, Site)] = []
  private var exampleSites: [ExampleSite] = []
  /// Where each intent's `ParameterExamples` named a parameter.
  private var parameterExampleSites: [(intent: String, parameter: String, site: Site)] = []

  init(root: URL, folder: String, locale: String?) {
    self.root = root
    self.folder = folder
    self.locale = locale
  }

  mutating func load() -> App? {
    let infoFile = "\(folder)/Info.plist"
    guard let info = read(infoFile) else { return nil }
    var context = Context(file: infoFile)
    guard dictionary(info, at: "", &context) != nil else {
      // Never a silent loss: the root's type error, and that the app is skipped.
      flush(&context)
      diagnostics.append(
        Diagnostic(
          .error, code: "app-skipped", file: infoFile,
          message: "the app is skipped: Info.plist's root is not a dictionary"))
      return nil
    }
    guard let identifier = requiredString(info, "CFBundleIdentifier", at: "", &context) else {
      flush(&context)
      diagnostics.append(
        Diagnostic(
          .error, code: "app-skipped", file: infoFile,
          message: "the app is skipped: it has no CFBundleIdentifier"))
      return nil
    }
    let folderName = folder.hasSuffix(".app") ? String(folder.dropLast(4)) : folder
    let bundleName = bounded(
      optionalString(info, "CFBundleName", at: "", &context), "CFBundleName",
      info["CFBundleName"] ?? info, &context)
    var app = App(
      bundleIdentifier: identifier, folder: folder, name: bundleName ?? folderName, names: [])
    loadNames(of: info, bundleName: bundleName, into: &app, &context)
    if app.names.isEmpty { app.names = [AppName(text: folderName, kind: .bundleName)] }
    flush(&context)

    loadIntentVocabulary(into: &app)
    loadUserVocabulary(into: &app)
    checkIntentNames(app)
    checkParameterNames(app)
    checkExamplesFillParameters(app)
    checkParameterExamples(app)
    return app
  }

  /// `text`, unless it is over the length bound of vocabulary strings (reported at `node`):
  /// app names and their hints are bounded too, since compiling a name costs time quadratic
  /// in its length.
  private func bounded(
    _ text: String?, _ path: String, _ node: PropertyListNode, _ context: inout Context
  ) -> String? {
    guard let text else { return nil }
    return checkLength(text, node, path, &context) ? text : nil
  }

  /// Reads the app's names from `info` into `app`: its bundle, display and spoken names and
  /// `INAlternativeAppNames`, each with its translations in `InfoPlist.strings`.
  private mutating func loadNames(
    of info: PropertyListNode, bundleName: String?, into app: inout App,
    _ context: inout Context
  ) {
    let tables = localizedStrings()
    addName(bundleName, .bundleName, key: "CFBundleName", tables, info, into: &app, &context)
    for (key, kind) in [
      ("CFBundleDisplayName", AppName.Kind.displayName), ("CFBundleSpokenName", .spokenName),
    ] {
      let name = bounded(
        optionalString(info, key, at: "", &context), key, info[key] ?? info, &context)
      addName(name, kind, key: key, tables, info, into: &app, &context)
    }
    guard let alternatives = info["INAlternativeAppNames"],
      let items = array(alternatives, at: "INAlternativeAppNames", &context)
    else { return }
    if items.count > Self.maximumAlternativeNames {
      context.report(
        .error, "too-many-alternative-names", items[Self.maximumAlternativeNames],
        "INAlternativeAppNames[\(Self.maximumAlternativeNames)]",
        "\(items.count) INAlternativeAppNames; iOS rejects an app with more than \(Self.maximumAlternativeNames) per localization, so only the first \(Self.maximumAlternativeNames) are used"
      )
    }
    for (index, item) in items.prefix(Self.maximumAlternativeNames).enumerated() {
      let path = "INAlternativeAppNames[\(index)]"
      guard dictionary(item, at: path, &context) != nil else { continue }
      checkKeys(
        item, allowed: ["INAlternativeAppName", "INAlternativeAppNamePronunciationHint"],
        at: path, &context)
      guard
        let name = bounded(
          requiredString(item, "INAlternativeAppName", at: path, &context),
          "\(path).INAlternativeAppName", item["INAlternativeAppName"] ?? info, &context)
      else { continue }
      let hintKey = "INAlternativeAppNamePronunciationHint"
      let hint = bounded(
        optionalString(item, hintKey, at: path, &context), "\(path).\(hintKey)",
        item[hintKey] ?? info, &context)
      // The translation of the hint, from the best `InfoPlist.strings` that has it.
      let translatedHint = hint.map { hint in tables.lazy.compactMap { $0[hint] }.first ?? hint }
      addName(
        name, .alternativeName, pronunciation: translatedHint, tables, info, into: &app,
        &context)
    }
  }

  /// Adds `text` to `app`'s names, with each translation of it in `tables`.
  ///
  /// A name is the app's in every language it is given in: the Info.plist value, and each
  /// translation, looked up by the Info.plist key (`"CFBundleDisplayName" = "…";`, as Xcode
  /// writes them) or by the value itself (how alternative names are localized).
  private func addName(
    _ text: String?, _ kind: AppName.Kind, key: String? = nil, pronunciation: String? = nil,
    _ tables: [[String: String]], _ info: PropertyListNode, into app: inout App,
    _ context: inout Context
  ) {
    guard let text, !text.isEmpty else { return }
    var forms = [text]
    for table in tables {
      if let key, let value = table[key] { forms.append(value) }
      if let value = table[text] { forms.append(value) }
    }
    for form in forms where !form.isEmpty && !app.names.contains(where: { $0.text == form }) {
      // A translation too long for a name is skipped like the Info.plist value would be.
      guard form.utf16.count * 2 <= Self.maximumStringBytes else {
        context.report(
          .error, "string-too-long", info, key ?? String(text.prefix(64)) + "…",
          "a translation of this name in InfoPlist.strings is \(form.utf16.count * 2) UTF-16 bytes, over \(Self.maximumStringBytes); it is skipped"
        )
        continue
      }
      app.names.append(AppName(text: form, pronunciation: pronunciation, kind: kind))
    }
  }

  // MARK: Files

  private mutating func read(_ relativePath: String) -> PropertyListNode? {
    files.append(relativePath)
    let result = PropertyListReader.read(
      contentsOf: root.appendingPathComponent(relativePath), file: relativePath)
    diagnostics += result.diagnostics
    return result.root
  }

  private func exists(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(relativePath).path)
  }

  /// The `.lproj` folders of the app, by localization name.
  private func localizations() -> [String] {
    let path = root.appendingPathComponent(folder).path
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return entries.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.sorted()
  }

  /// The localizations to read, best first, for the requested locale; all when none.
  private func chosenLocalizations(containing file: String) -> [String] {
    let available = localizations().filter { exists("\(folder)/\($0).lproj/\(file)") }
    let hasRoot = exists("\(folder)/\(file)")
    guard let locale else { return available + (hasRoot ? [""] : []) }
    let normalized = locale.replacingOccurrences(of: "_", with: "-")
    let language = normalized.split(separator: "-").first.map(String.init) ?? normalized
    let candidates =
      [normalized, language]
      + available.filter { $0.split(separator: "-").first.map(String.init) == language }
      + ["Base"]
    for candidate in candidates where available.contains(candidate) { return [candidate] }
    return hasRoot ? [""] : []
  }

  private func path(_ localization: String, _ file: String) -> String {
    localization.isEmpty ? "\(folder)/\(file)" : "\(folder)/\(localization).lproj/\(file)"
  }

  /// The tables of each chosen `InfoPlist.strings`, best first: translations of the app's
  /// names.
  private mutating func localizedStrings() -> [[String: String]] {
    var result: [[String: String]] = []
    for localization in chosenLocalizations(containing: "InfoPlist.strings") {
      let file = path(localization, "InfoPlist.strings")
      files.append(file)
      let parsed = StringsFile.parse(contentsOf: root.appendingPathComponent(file), file: file)
      diagnostics += parsed.diagnostics
      result.append(parsed.values)
    }
    return result
  }

  // MARK: AppIntentVocabulary.plist

  private mutating func loadIntentVocabulary(into app: inout App) {
    var intents = LoadedIntents()
    for localization in chosenLocalizations(containing: "AppIntentVocabulary.plist") {
      let file = path(localization, "AppIntentVocabulary.plist")
      guard let plist = read(file) else { continue }
      var context = Context(file: file)
      defer { flush(&context) }
      guard dictionary(plist, at: "", &context) != nil else { continue }
      checkKeys(plist, allowed: ["ParameterVocabularies", "IntentPhrases"], at: "", &context)
      var seenIdentifiers: [ParameterName: Set<String>] = [:]
      if let vocabularies = plist["ParameterVocabularies"],
        let list = array(vocabularies, at: "ParameterVocabularies", &context)
      {
        for (index, vocabulary) in list.enumerated() {
          loadParameterVocabulary(
            vocabulary, at: "ParameterVocabularies[\(index)]", &seenIdentifiers, into: &app,
            &context)
        }
      }
      if let phrases = plist["IntentPhrases"],
        let list = array(phrases, at: "IntentPhrases", &context)
      {
        for (index, entry) in list.enumerated() {
          loadIntentPhrases(
            entry, at: "IntentPhrases[\(index)]", localization: localization, into: &intents,
            &context)
        }
      }
    }
    app.intents = intents.order.map { intents.byName[$0]! }
    checkPlaceholders(app, intents.exampleSites)
    self.exampleSites = intents.exampleSites
  }

  /// The intents of an app's `IntentPhrases` as they are read, over its localizations.
  private struct LoadedIntents {
    var order: [String] = []
    var byName: [String: Intent] = [:]
    var exampleSites: [ExampleSite] = []
    /// Whether ``AppLoader/maximumExamplesPerApp`` was reached (reported once).
    var examplesCut = false
    /// Values read from `ParameterExamples`, bounded like the examples.
    var parameterExampleCount = 0
    var parameterExamplesCut = false
  }

  /// Reads one `ParameterVocabularies` entry at `base` into `app`'s parameter
  /// vocabularies; `seenIdentifiers` are the item identifiers the file gave each parameter
  /// before it.
  private mutating func loadParameterVocabulary(
    _ vocabulary: PropertyListNode, at base: String,
    _ seenIdentifiers: inout [ParameterName: Set<String>], into app: inout App,
    _ context: inout Context
  ) {
    guard dictionary(vocabulary, at: base, &context) != nil else { return }
    checkKeys(vocabulary, allowed: ["ParameterNames", "ParameterVocabulary"], at: base, &context)
    let parameters = parameterNames(of: vocabulary, at: base, &context)
    guard let items = vocabulary["ParameterVocabulary"] else {
      context.report(
        .error, "missing-key", vocabulary, base, "missing required key 'ParameterVocabulary'")
      return
    }
    guard let itemList = array(items, at: "\(base).ParameterVocabulary", &context) else {
      return
    }
    var parsed: [VocabularyItem] = []
    var parsedIdentifiers = Set<String>()
    for (itemIndex, itemNode) in itemList.enumerated() {
      let itemPath = "\(base).ParameterVocabulary[\(itemIndex)]"
      guard
        let item = parameterItem(
          itemNode, at: itemPath, priority: itemIndex, &context)
      else { continue }
      var duplicate = false
      for parameter in parameters {
        if seenIdentifiers[parameter, default: []].contains(item.identifier) {
          duplicate = true
        }
      }
      if duplicate || !parsedIdentifiers.insert(item.identifier).inserted {
        context.report(
          .error, "duplicate-identifier", itemNode["VocabularyItemIdentifier"] ?? itemNode,
          "\(itemPath).VocabularyItemIdentifier",
          "duplicate VocabularyItemIdentifier '\(item.identifier)'; this item is skipped")
        continue
      }
      parsed.append(item)
    }
    // Every parameter the vocabulary names shares one list (one array storage) unless
    // another vocabulary adds to it: a hundred `ParameterNames` cost one list, not a
    // hundred copies.
    let alone = Self.merge([], parsed)
    let identifiers = Set(parsed.map(\.identifier))
    for parameter in parameters {
      seenIdentifiers[parameter, default: []].formUnion(identifiers)
      if let existing = app.parameterVocabularies[parameter] {
        app.parameterVocabularies[parameter] = Self.merge(existing, parsed)
      } else {
        app.parameterVocabularies[parameter] = alone
      }
    }
  }

  /// The parameters a `ParameterVocabularies` entry at `base` names in its
  /// `ParameterNames`, each remembered with where it was read.
  private mutating func parameterNames(
    of vocabulary: PropertyListNode, at base: String, _ context: inout Context
  ) -> [ParameterName] {
    guard let names = vocabulary["ParameterNames"] else {
      context.report(
        .error, "missing-key", vocabulary, base,
        "missing required key 'ParameterNames'; its vocabulary serves no parameter")
      return []
    }
    // Of the wrong type, it is reported as such, not as missing too.
    guard let nameList = array(names, at: "\(base).ParameterNames", &context) else { return [] }
    var parameters: [ParameterName] = []
    for (nameIndex, nameNode) in nameList.enumerated() {
      let namePath = "\(base).ParameterNames[\(nameIndex)]"
      guard let text = string(nameNode, at: namePath, &context) else { continue }
      if let parameter = ParameterName(text) {
        parameters.append(parameter)
        parameterNameSites.append(
          (parameter, Site(file: context.file, line: nameNode.line, keyPath: namePath)))
      } else {
        context.report(
          .error, "invalid-parameter-name", nameNode, namePath,
          "'\(text)' is not of the form 'Intent.parameter' (for example 'INAddTasksIntent.targetTaskList'); the vocabulary is not bound to it"
        )
      }
    }
    return parameters
  }

  /// Reads one `IntentPhrases` entry at `base` of `localization` into `intents`, up to
  /// ``maximumExamplesPerApp`` examples an app.
  private mutating func loadIntentPhrases(
    _ entry: PropertyListNode, at base: String, localization: String,
    into intents: inout LoadedIntents, _ context: inout Context
  ) {
    guard dictionary(entry, at: base, &context) != nil else { return }
    checkKeys(
      entry, allowed: ["IntentName", "IntentExamples", "ParameterExamples"], at: base, &context)
    guard let name = requiredString(entry, "IntentName", at: base, &context) else { return }
    guard let examplesNode = entry["IntentExamples"] else {
      context.report(.error, "missing-key", entry, base, "missing required key 'IntentExamples'")
      return
    }
    guard let examples = array(examplesNode, at: "\(base).IntentExamples", &context) else {
      return
    }
    if intents.byName[name] == nil {
      intents.byName[name] = Intent(name: name, examples: [])
      intents.order.append(name)
      let nameNode = entry["IntentName"] ?? entry
      intentNameSites[name] = Site(
        file: context.file, line: nameNode.line, keyPath: "\(base).IntentName")
    }
    for (exampleIndex, example) in examples.enumerated() {
      let examplePath = "\(base).IntentExamples[\(exampleIndex)]"
      guard intents.exampleSites.count < Self.maximumExamplesPerApp else {
        if !intents.examplesCut {
          intents.examplesCut = true
          context.report(
            .error, "too-many-examples", example, examplePath,
            "the app has more than \(Self.maximumExamplesPerApp) example phrases; this one and every later one are skipped"
          )
        }
        break
      }
      guard let text = string(example, at: examplePath, &context) else { continue }
      guard checkLength(text, example, examplePath, &context) else { continue }
      intents.byName[name]!.examples.append(IntentExample(text: text, localization: localization))
      intents.exampleSites.append(
        ExampleSite(
          intent: name, text: text, file: context.file, line: example.line, keyPath: examplePath))
    }
    if let valuesNode = entry["ParameterExamples"] {
      loadParameterExamples(
        valuesNode, at: "\(base).ParameterExamples", intent: name, localization: localization,
        into: &intents, &context)
    }
  }

  /// Reads an entry's `ParameterExamples` at `base`, a dictionary from a free-text
  /// parameter's name to the values it takes in examples, into `intent`'s.
  private mutating func loadParameterExamples(
    _ node: PropertyListNode, at base: String, intent: String, localization: String,
    into intents: inout LoadedIntents, _ context: inout Context
  ) {
    guard let entries = dictionary(node, at: base, &context) else { return }
    for (parameter, valuesNode) in entries {
      let parameterPath = "\(base).\(Self.shortened(parameter))"
      guard let values = array(valuesNode, at: parameterPath, &context) else { continue }
      parameterExampleSites.append(
        (
          intent, parameter,
          Site(
            file: context.file, line: valuesNode.keyLine ?? valuesNode.line,
            keyPath: parameterPath)
        ))
      for (index, valueNode) in values.enumerated() {
        let valuePath = "\(parameterPath)[\(index)]"
        guard intents.parameterExampleCount < Self.maximumExamplesPerApp else {
          if !intents.parameterExamplesCut {
            intents.parameterExamplesCut = true
            context.report(
              .error, "too-many-examples", valueNode, valuePath,
              "the app has more than \(Self.maximumExamplesPerApp) parameter examples; this one and every later one are skipped"
            )
          }
          return
        }
        guard let text = string(valueNode, at: valuePath, &context),
          checkLength(text, valueNode, valuePath, &context)
        else { continue }
        intents.parameterExampleCount += 1
        intents.byName[intent]!.parameterExamples.append(
          ParameterExample(parameter: parameter, text: text, localization: localization))
      }
    }
  }

  /// Where a key was read, for diagnostics about what it names.
  struct Site {
    var file: String
    var line: Int?
    var keyPath: String
  }

  /// A warning that an `IntentName` is a near miss of a standard intent, or uses Apple's `IN`
  /// prefix without being one: such an intent is routed, but never as the standard one.
  private mutating func checkIntentNames(_ app: App) {
    let standard = Array(ParameterBindings.standardParameters.keys).sorted()
    for intent in app.intents where ParameterBindings.standardParameters[intent.name] == nil {
      guard let site = intentNameSites[intent.name] else { continue }
      let suggestion = Self.suggestion(for: intent.name, in: standard)
      let reserved = intent.name.hasPrefix("IN") && intent.name.hasSuffix("Intent")
      guard suggestion != nil || reserved else { continue }
      var message = "'\(intent.name)' is not a standard intent VocabKit knows"
      message +=
        reserved
        ? " (the IN prefix is Apple's); it is routed as a custom intent"
        : "; it is routed as a custom intent"
      if let suggestion { message += ". Did you mean '\(suggestion)'?" }
      diagnostics.append(
        Diagnostic(
          .warning, code: "unknown-intent", file: site.file, line: site.line,
          keyPath: site.keyPath, message: message))
    }
  }

  /// Warnings for `ParameterNames` whose intent the app does not declare, or whose parameter
  /// the standard intent does not have: their vocabulary would serve nothing.
  private mutating func checkParameterNames(_ app: App) {
    let declared = Set(app.intents.map(\.name))
    let known = Array(declared.union(ParameterBindings.standardParameters.keys)).sorted()
    for (parameter, site) in parameterNameSites {
      var message: String
      if let parameters = ParameterBindings.standardParameters[parameter.intent] {
        guard !parameters.contains(parameter.parameter) else { continue }
        message =
          "\(parameter.intent) has no parameter '\(parameter.parameter)', so this vocabulary serves no template"
        if let suggestion = Self.suggestion(for: parameter.parameter, in: parameters.sorted()) {
          message += ". Did you mean '\(parameter.intent).\(suggestion)'?"
        } else {
          message += " (it has \(parameters.sorted().joined(separator: ", ")))"
        }
      } else if !declared.contains(parameter.intent) {
        message =
          "'\(parameter)' names intent '\(parameter.intent)', which is neither a standard intent nor one with IntentPhrases in this app, so this vocabulary serves no template"
        if let suggestion = Self.suggestion(for: parameter.intent, in: known) {
          message += ". Did you mean '\(suggestion).\(parameter.parameter)'?"
        }
      } else {
        continue
      }
      diagnostics.append(
        Diagnostic(
          .warning, code: "unknown-parameter", file: site.file, line: site.line,
          keyPath: site.keyPath, message: message))
    }
  }

  /// A warning for an intent whose parameters have vocabulary but whose examples name none
  /// of them: examples written as plain sentences ("call my mom") fill no slot.
  private mutating func checkExamplesFillParameters(_ app: App) {
    for intent in app.intents where !intent.examples.isEmpty {
      let hasPlaceholder = intent.examples.contains {
        IntentTemplate.placeholders(in: $0.text).contains { $0 != ParameterName.applicationName }
      }
      guard !hasPlaceholder else { continue }
      var bound = Set(
        app.parameterVocabularies.keys.filter { $0.intent == intent.name }.map(\.parameter))
      for parameter in ParameterBindings.standardParameters[intent.name] ?? [] {
        let name = ParameterName(intent: intent.name, parameter: parameter)
        if ParameterBindings.types(for: name).contains(where: { app.userVocabulary[$0] != nil }) {
          bound.insert(parameter)
        }
      }
      guard let first = bound.sorted().first,
        let site = exampleSites.first(where: { $0.intent == intent.name })
      else { continue }
      let list = bound.sorted().map { "${\($0)}" }.joined(separator: ", ")
      diagnostics.append(
        Diagnostic(
          .warning, code: "no-placeholder", file: site.file, line: site.line,
          keyPath: site.keyPath,
          message:
            "no example of \(intent.name) has a placeholder, so its vocabulary (\(list)) fills no slot; write the parameter where its words go, for example '… ${\(first)}'"
        ))
    }
  }

  /// Warnings for `ParameterExamples` that nothing learns from: a parameter no example of the
  /// intent names, or one with a vocabulary (its items are what is learned and matched).
  private mutating func checkParameterExamples(_ app: App) {
    for (intent, parameter, site) in parameterExampleSites {
      let named = Set(
        exampleSites.filter { $0.intent == intent }.flatMap {
          IntentTemplate.placeholders(in: $0.text)
        })
      var message: String
      if !named.contains(parameter) {
        message =
          "no example of \(intent) has the placeholder '${\(Self.shortened(parameter))}', so these values are not learned"
        let others = named.subtracting([ParameterName.applicationName]).sorted()
        if let suggestion = Self.suggestion(for: parameter, in: others) {
          message += ". Did you mean '\(suggestion)'?"
        }
      } else {
        let name = ParameterName(intent: intent, parameter: parameter)
        let bound =
          app.parameterVocabularies[name] != nil
          || ParameterBindings.types(for: name).contains { app.userVocabulary[$0] != nil }
        guard bound else { continue }
        message =
          "'${\(parameter)}' of \(intent) has a vocabulary, which is what is learned and matched; these values are not used (add them as vocabulary items)"
      }
      diagnostics.append(
        Diagnostic(
          .warning, code: "unused-parameter-examples", file: site.file, line: site.line,
          keyPath: site.keyPath, message: message))
    }
  }

  /// Where an intent example was read, for diagnostics about it.
  private struct ExampleSite {
    var intent: String
    var text: String
    var file: String
    var line: Int?
    var keyPath: String
  }

  private func parameterItem(
    _ node: PropertyListNode, at path: String, priority: Int, _ context: inout Context
  ) -> VocabularyItem? {
    guard dictionary(node, at: path, &context) != nil else { return nil }
    checkKeys(
      node, allowed: ["VocabularyItemIdentifier", "VocabularyItemSynonyms"], at: path, &context)
    guard let identifier = requiredString(node, "VocabularyItemIdentifier", at: path, &context)
    else {
      context.report(.error, "item-skipped", node, path, "the item is skipped")
      return nil
    }
    guard let synonymsNode = node["VocabularyItemSynonyms"] else {
      context.report(
        .error, "missing-key", node, path,
        "missing required key 'VocabularyItemSynonyms'; item '\(identifier)' is skipped")
      return nil
    }
    guard let synonyms = array(synonymsNode, at: "\(path).VocabularyItemSynonyms", &context)
    else { return nil }
    var item = VocabularyItem(identifier: identifier, phrases: [], priority: priority)
    for (index, synonym) in synonyms.enumerated() {
      let synonymPath = "\(path).VocabularyItemSynonyms[\(index)]"
      guard dictionary(synonym, at: synonymPath, &context) != nil else { continue }
      checkKeys(
        synonym,
        allowed: ["VocabularyItemPhrase", "VocabularyItemPronunciation", "VocabularyItemExamples"],
        at: synonymPath, &context)
      guard let phrase = requiredString(synonym, "VocabularyItemPhrase", at: synonymPath, &context)
      else {
        context.report(
          .error, "synonym-skipped", synonym, synonymPath,
          "this synonym of '\(identifier)' is skipped")
        continue
      }
      guard
        checkLength(
          phrase, synonym["VocabularyItemPhrase"] ?? synonym,
          "\(synonymPath).VocabularyItemPhrase", &context)
      else {
        continue
      }
      let pronunciation = optionalString(
        synonym, "VocabularyItemPronunciation", at: synonymPath, &context)
      item.phrases.append(
        VocabularyPhrase(
          text: phrase, pronunciation: pronunciation, kind: index == 0 ? .primary : .synonym))
      if let examples = synonym["VocabularyItemExamples"],
        let list = array(examples, at: "\(synonymPath).VocabularyItemExamples", &context)
      {
        for (exampleIndex, example) in list.enumerated() {
          if let text = string(
            example, at: "\(synonymPath).VocabularyItemExamples[\(exampleIndex)]", &context)
          {
            item.examples.append(text)
          }
        }
      }
    }
    guard !item.phrases.isEmpty else {
      context.report(
        .error, "item-skipped", node, path,
        "item '\(identifier)' has no usable VocabularyItemPhrase; it is skipped")
      return nil
    }
    return item
  }

  /// Combines items of several localizations: the same identifier is the same item.
  static func merge(_ existing: [VocabularyItem], _ new: [VocabularyItem]) -> [VocabularyItem] {
    var result = existing
    var position: [String: Int] = [:]
    for (index, item) in result.enumerated() where position[item.identifier] == nil {
      position[item.identifier] = index
    }
    // Each merged item's phrases as a set, so merging many synonyms is linear, not quadratic.
    var phrasesOf: [Int: Set<VocabularyPhrase>] = [:]
    for item in new {
      if let index = position[item.identifier] {
        var seen = phrasesOf[index] ?? Set(result[index].phrases)
        for phrase in item.phrases where !seen.contains(phrase) {
          var synonym = phrase
          if synonym.kind == .primary { synonym.kind = .synonym }
          result[index].phrases.append(synonym)
          seen.insert(synonym)
        }
        phrasesOf[index] = seen
        result[index].examples += item.examples
      } else {
        var added = item
        added.priority = result.count
        position[item.identifier] = result.count
        result.append(added)
      }
    }
    return result
  }

  /// Reports `${placeholders}` that name no parameter of their intent.
  private mutating func checkPlaceholders(_ app: App, _ examples: [ExampleSite]) {
    for intent in app.intents {
      var known = ParameterBindings.standardParameters[intent.name] ?? []
      let isStandard = !known.isEmpty
      for parameter in app.parameterVocabularies.keys where parameter.intent == intent.name {
        known.insert(parameter.parameter)
      }
      for example in examples where example.intent == intent.name {
        for placeholder in IntentTemplate.placeholders(in: example.text)
        where placeholder != ParameterName.applicationName && !known.contains(placeholder) {
          // A custom intent's parameters are whatever its templates name, unless the name is
          // a near miss of a declared parameter.
          let suggestion = Self.suggestion(for: placeholder, in: Array(known))
          guard isStandard || suggestion != nil else { continue }
          var message = "placeholder '${\(placeholder)}' names no parameter of \(intent.name)"
          if let suggestion { message += ". Did you mean '${\(suggestion)}'?" }
          diagnostics.append(
            Diagnostic(
              .error, code: "unknown-placeholder", file: example.file, line: example.line,
              keyPath: example.keyPath, message: message))
        }
      }
    }
  }

  // MARK: UserVocabulary.plist

  private mutating func loadUserVocabulary(into app: inout App) {
    let file = "\(folder)/UserVocabulary.plist"
    guard exists(file), let plist = read(file) else { return }
    var context = Context(file: file)
    defer { flush(&context) }
    guard let entries = dictionary(plist, at: "", &context) else { return }
    // Short names (`contactName`) and Apple's constant names (`INVocabularyStringTypeContactName`).
    let known =
      UserVocabularyType.allCases.map(\.rawValue) + UserVocabularyType.allCases.map(\.constantName)
    for (key, node) in entries {
      guard let type = UserVocabularyType(key: key) else {
        let shown = Self.shortened(key)
        var message = "unknown vocabulary type '\(shown)'; its strings are not loaded"
        if let suggestion = Self.suggestion(for: key, in: known) {
          message += ". Did you mean '\(suggestion)'?"
        }
        context.report(
          .error, "unknown-key", node, shown, message, line: node.keyLine ?? node.line)
        continue
      }
      guard app.userVocabulary[type] == nil else {
        context.report(
          .error, "duplicate-key", node, key,
          "vocabulary type \(type) is given twice (as '\(type.rawValue)' and '\(type.constantName)'); "
            + "the strings under '\(key)' are not loaded", line: node.keyLine ?? node.line)
        continue
      }
      guard let list = array(node, at: key, &context) else { continue }
      var items: [VocabularyItem] = []
      var identifiers = Set<String>()
      for (index, entry) in list.enumerated() {
        let itemPath = "\(key)[\(index)]"
        guard var item = userVocabularyItem(entry, at: itemPath, &context) else { continue }
        if !identifiers.insert(item.identifier).inserted {
          context.report(
            .error, "duplicate-identifier", entry, itemPath,
            "duplicate identifier '\(item.identifier)' in \(key); this item is skipped")
          continue
        }
        item.priority = items.count
        items.append(item)
      }
      app.userVocabulary[type] = items
    }
  }

  /// One item of a `UserVocabulary.plist` list at `itemPath`: a string, or a dictionary with
  /// its `spokenPhrase`, identifier, hint and alternatives; nil when it is skipped (reported).
  private func userVocabularyItem(
    _ entry: PropertyListNode, at itemPath: String, _ context: inout Context
  ) -> VocabularyItem? {
    if let text = entry.string {
      guard checkLength(text, entry, itemPath, &context) else { return nil }
      return VocabularyItem(identifier: text, phrases: [VocabularyPhrase(text: text)])
    }
    guard entry.dictionary != nil else {
      context.report(
        .error, "wrong-type", entry, itemPath,
        "expected a string or a dictionary, found \(entry.typeName); it is skipped")
      return nil
    }
    checkKeys(
      entry,
      allowed: [
        "vocabularyIdentifier", "spokenPhrase", "pronunciationHint",
        "alternativeSpeakableMatches",
      ], at: itemPath, &context)
    guard let phrase = requiredString(entry, "spokenPhrase", at: itemPath, &context) else {
      context.report(.error, "item-skipped", entry, itemPath, "the item is skipped")
      return nil
    }
    guard
      checkLength(phrase, entry["spokenPhrase"] ?? entry, "\(itemPath).spokenPhrase", &context)
    else { return nil }
    let identifier =
      optionalString(entry, "vocabularyIdentifier", at: itemPath, &context) ?? phrase
    let hint = optionalString(entry, "pronunciationHint", at: itemPath, &context)
    var item = VocabularyItem(
      identifier: identifier, phrases: [VocabularyPhrase(text: phrase, pronunciation: hint)])
    if let alternatives = entry["alternativeSpeakableMatches"],
      let alternativeList = array(
        alternatives, at: "\(itemPath).alternativeSpeakableMatches", &context)
    {
      for (alternativeIndex, alternative) in alternativeList.enumerated() {
        let alternativePath = "\(itemPath).alternativeSpeakableMatches[\(alternativeIndex)]"
        var text = alternative.string
        if text == nil, alternative.dictionary != nil {
          text = optionalString(alternative, "spokenPhrase", at: alternativePath, &context)
        }
        guard let text else {
          context.report(
            .error, "wrong-type", alternative, alternativePath,
            "expected a string, found \(alternative.typeName); it is skipped")
          continue
        }
        guard checkLength(text, alternative, alternativePath, &context) else { continue }
        item.phrases.append(VocabularyPhrase(text: text, kind: .alternative))
      }
    }
    return item
  }

  // MARK: Checking helpers

  /// Diagnostics of one file, with the line of each node.
  struct Context {
    let file: String
    var diagnostics: [Diagnostic] = []
    /// "Did you mean" for each unknown key and its allowed keys, found once: a file may
    /// repeat one misspelled key a million times.
    var suggestions: [[String]: String?] = [:]

    /// Admits the first ``Diagnostic/maximumPerFileAndCode`` of each code and counts the
    /// rest (not kept: a file can repeat one mistake millions of times).
    var limiter = Diagnostic.Limiter()

    /// True when a diagnostic of `code` reported now would be kept.
    func keeps(_ code: String) -> Bool {
      limiter.wouldAdmit(code, in: file)
    }

    /// Reports a problem at `node`'s line, or at `line` when given.
    mutating func report(
      _ severity: Diagnostic.Severity, _ code: String, _ node: PropertyListNode?,
      _ keyPath: String, _ message: @autoclosure () -> String, line: Int? = nil
    ) {
      guard limiter.admit(code, in: file, severity: severity) else { return }
      diagnostics.append(
        Diagnostic(
          severity, code: code, file: file, line: line ?? node?.line, keyPath: keyPath,
          message: message()))
    }
  }

  private mutating func flush(_ context: inout Context) {
    diagnostics += context.diagnostics
    diagnostics += context.limiter.takeOmissions()
    context.diagnostics = []
  }

  private func dictionary(_ node: PropertyListNode, at path: String, _ context: inout Context)
    -> [(key: String, node: PropertyListNode)]?
  {
    guard let entries = node.dictionary else {
      context.report(
        .error, "wrong-type", node, path.isEmpty ? "(root)" : path,
        "expected a dictionary, found \(node.typeName); it is skipped")
      return nil
    }
    return entries
  }

  private func array(_ node: PropertyListNode, at path: String, _ context: inout Context)
    -> [PropertyListNode]?
  {
    guard let items = node.array else {
      context.report(
        .error, "wrong-type", node, path, "expected an array, found \(node.typeName); it is skipped"
      )
      return nil
    }
    return items
  }

  private func string(_ node: PropertyListNode, at path: String, _ context: inout Context)
    -> String?
  {
    guard let text = node.string else {
      context.report(
        .error, "wrong-type", node, path, "expected a string, found \(node.typeName); it is skipped"
      )
      return nil
    }
    return text
  }

  private func requiredString(
    _ node: PropertyListNode, _ key: String, at path: String, _ context: inout Context
  ) -> String? {
    let keyPath = path.isEmpty ? key : "\(path).\(key)"
    guard let value = node[key] else {
      context.report(
        .error, "missing-key", node, path.isEmpty ? "(root)" : path,
        "missing required key '\(key)'")
      return nil
    }
    guard let text = string(value, at: keyPath, &context) else { return nil }
    guard !Self.isBlank(text) else {
      context.report(.error, "empty-string", value, keyPath, "'\(key)' is empty")
      return nil
    }
    return text
  }

  /// True when `text` is empty or only white space and line breaks (as
  /// `trimmingCharacters(in: .whitespacesAndNewlines).isEmpty`, without making a copy).
  static func isBlank(_ text: String) -> Bool {
    for scalar in text.unicodeScalars {
      // Printable ASCII is never white space: most names stop at their first letter.
      if scalar.value > 0x20 && scalar.value < 0x7F { return false }
      if !CharacterSet.whitespacesAndNewlines.contains(scalar) { return false }
    }
    return true
  }

  private func optionalString(
    _ node: PropertyListNode, _ key: String, at path: String, _ context: inout Context
  ) -> String? {
    guard let value = node[key] else { return nil }
    return string(value, at: path.isEmpty ? key : "\(path).\(key)", &context)
  }

  private func checkKeys(
    _ node: PropertyListNode, allowed: [String], at path: String, _ context: inout Context
  ) {
    for (key, value) in node.dictionary ?? [] where !allowed.contains(key) {
      let shown = Self.shortened(key)
      var message = "unknown key '\(shown)'; it is ignored"
      // "Did you mean" only for the diagnostics kept, and once for each key repeated.
      if context.keeps("unknown-key") {
        let memoKey = allowed + [key]
        let suggestion: String?
        if let known = context.suggestions[memoKey] {
          suggestion = known
        } else {
          suggestion = Self.suggestion(for: key, in: allowed)
          context.suggestions[memoKey] = .some(suggestion)
        }
        if let suggestion { message += ". Did you mean '\(suggestion)'?" }
      }
      context.report(
        .warning, "unknown-key", value, path.isEmpty ? shown : "\(path).\(shown)", message,
        line: value.keyLine ?? value.line)
    }
  }

  private func checkLength(
    _ text: String, _ node: PropertyListNode, _ path: String, _ context: inout Context
  ) -> Bool {
    let bytes = text.utf16.count * 2
    guard bytes <= Self.maximumStringBytes else {
      context.report(
        .error, "string-too-long", node, path,
        "string is \(bytes) UTF-16 bytes; INVocabulary discards strings over \(Self.maximumStringBytes), so it is skipped"
      )
      return false
    }
    return true
  }

  /// An unknown key as a diagnostic quotes it: its first 64 characters and "…" when longer,
  /// so a megabyte-long key is not printed whole, twice.
  static func shortened(_ key: String) -> String {
    key.count <= 64 ? key : key.prefix(64) + "…"
  }

  /// The closest of `candidates` to `word`, for "Did you mean …?".
  ///
  /// - Complexity: O(*c* × *n* × *m*) for *c* candidates of *m* characters and a word of *n*,
  ///   but O(*c*) for a word much longer than every candidate: the length difference alone
  ///   exceeds what a suggestion allows, so no distance is computed.
  static func suggestion(for word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let length = lowered.count
    var best: (String, Int)? = nil
    for candidate in candidates {
      let candidateLowered = candidate.lowercased()
      // The distance is at least the difference in length.
      guard abs(length - candidateLowered.count) <= max(2, candidate.count / 4) else { continue }
      let distance = EditDistance.characters(lowered, candidateLowered)
      if distance <= max(2, candidate.count / 4), distance < (best?.1 ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }
}
