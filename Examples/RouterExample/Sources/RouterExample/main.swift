// Routes a few utterances over a vocabulary directory and prints what an intent handler
// needs: the app, the intent, and each slot's value and resolution.
//
//   swift run RouterExample [VOCABULARY_DIRECTORY] [UTTERANCE ...]
//
// Without a directory, the repository's sample vocabulary (../../vocab from this package)
// is used; without utterances, a few samples in English and Chinese.
import Foundation  // URL: VocabKit's API takes file URLs but does not re-export Foundation
import VocabKit

let arguments = Array(CommandLine.arguments.dropFirst())
let packageDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // RouterExample/
  .deletingLastPathComponent()  // Sources/
  .deletingLastPathComponent()
let directory =
  arguments.first.map { URL(fileURLWithPath: $0) }
  ?? packageDirectory.appendingPathComponent("../../vocab").standardizedFileURL
let utterances =
  arguments.count > 1
  ? Array(arguments.dropFirst())
  : [
    "add milk to index in taskly",
    "call alex",
    "用爱奇艺播放延禧攻略第十集",
    "play the latest 奇葩说 on 爱奇艺",
  ]

do {
  // Compiling is the expensive part: do it once, then share the router (it is Sendable).
  let vocabulary = try CompiledVocabulary.load(directory: directory)
  let router = Router(vocabulary: vocabulary)
  for utterance in utterances {
    let result = try router.route(utterance)
    print(utterance)
    guard let intent = result.intent, let app = result.app else {
      if result.appChoice == .unsupported {
        print("  app '\(result.spokenAppName ?? "")' is not installed")
      } else {
        print("  no intent")
      }
      continue
    }
    print("  app: \(app) (\(result.appChoice?.rawValue ?? "?"))")
    print("  intent: \(intent)")
    for slot in result.slots {
      var line = "  \(slot.name): value \(slot.value ?? "-"), resolution \(slot.resolution)"
      if slot.resolution == .disambiguation {
        line += " among " + slot.candidates.map(\.identifier).joined(separator: ", ")
      }
      print(line)
    }
    if let media = result.mediaSearch {
      var qualifiers: [String] = []
      if let episode = media.episode { qualifiers.append("episode \(episode)") }
      if media.latest { qualifiers.append("latest") }
      if !qualifiers.isEmpty { print("  media: " + qualifiers.joined(separator: ", ")) }
    }
  }
} catch {
  print("RouterExample: \(error)")
  exit(1)
}
