/// A result as `vocab route` prints it: the utterance, then the intent and app, each slot
/// with its resolution, and the media qualifiers, a line each.
///
/// ```
/// add milk to index in taskly
///   INAddTasksIntent in com.example.taskly (named), score 0.93
///   taskTitles: success milk from 'milk'
///   targetTaskList: confirmationRequired list.inbox from 'index'
/// ```
extension RouteResult: CustomStringConvertible {
  public var description: String {
    var lines = [utterance]
    guard let intent, let app else {
      if appChoice == .unsupported {
        lines.append("  app: '\(spokenAppName ?? "")' is not installed (unsupported)")
      } else {
        lines.append("  no intent (best score \(Self.twoDecimals(score)))")
      }
      return lines.joined(separator: "\n")
    }
    let heard = spokenAppName.map { ", heard as '\($0)'" } ?? ""
    lines.append(
      "  \(intent) in \(app) (\(appChoice?.rawValue ?? "")\(heard)), score \(Self.twoDecimals(score))"
    )
    for slot in slots {
      var line = "  \(slot.name): \(slot.resolution)"
      if let value = slot.value { line += " \(value)" }
      if let text = slot.text { line += " from '\(text)'" }
      if slot.resolution == .disambiguation {
        line += " among " + slot.candidates.map(\.identifier).joined(separator: ", ")
      }
      lines.append(line)
    }
    if let media = mediaSearch {
      var parts: [String] = []
      if let episode = media.episode { parts.append("episode \(episode)") }
      if let season = media.season { parts.append("season \(season)") }
      if media.latest { parts.append("latest") }
      if media.finale { parts.append("finale") }
      if let type = media.mediaType { parts.append(type) }
      if media.isEmpty { parts.append("empty search: play what is recommended") }
      if !parts.isEmpty { lines.append("  media: " + parts.joined(separator: ", ")) }
    }
    return lines.joined(separator: "\n")
  }

  /// `0.93`: two decimals, rounded (also the CLI's tables).
  package static func twoDecimals(_ value: Double) -> String {
    let scaled = Int((value * 100).rounded())
    let magnitude = abs(scaled)
    return (scaled < 0 ? "-" : "") + "\(magnitude / 100)."
      + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
  }
}
