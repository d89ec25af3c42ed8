/// A kind of value that a free-text parameter takes from any utterance, whatever the app:
/// dates and times (``TemporalExpressions``) and the people a user names by relationship
/// (``Relationships``), as Siri resolves "tomorrow" and "my mom" itself.
///
/// A parameter has a kind by its name: `date`, `dueDate` and `transactionScheduledDate` a
/// date; `time` a time; `timeofday` a part of the day; `datetime`, `dateTimeRange` and
/// `temporalEventTrigger` any adjacent run of the three; `year` a year or decade;
/// `relation` and `relationship` a relationship.
enum BuiltinKind: Sendable, Equatable {
  case date, time, partOfDay, dateTime, year, relationship

  /// The kind of the parameter named `name`, or nil when its name says none.
  init?(parameterName name: String) {
    let words = Self.words(of: name)
    if words.contains("timeofday") || words.contains("partofday") {
      self = .partOfDay
    } else if words.contains("datetime") || words.contains("temporal")
      || (words.contains("date") && words.contains("time"))
    {
      self = .dateTime
    } else if words.contains("date") {
      self = .date
    } else if words.contains("time") || words.contains("duration") {
      self = .time
    } else if words.contains("year") {
      self = .year
    } else if words.contains("relation") || words.contains("relationship") {
      self = .relationship
    } else {
      return nil
    }
  }

  /// The lowercased words of a camel-case or snake-case name, and all of them joined:
  /// `dateTimeRange` gives date, time, range and datetimerange.
  static func words(of name: String) -> Set<String> {
    var words: [String] = []
    var current = ""
    for character in name {
      if character == "_" || character == "-" {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else if character.isUppercase, !current.isEmpty {
        words.append(current)
        current = String(character).lowercased()
      } else {
        current += character.lowercased()
      }
    }
    if !current.isEmpty { words.append(current) }
    var result = Set(words)
    result.insert(words.joined())
    return result
  }

  /// Whether a date or time expression of `kind` serves a parameter of this kind.
  func accepts(_ kind: TemporalExpressions.Kind) -> Bool {
    switch self {
    case .date: return kind == .date
    case .time: return kind == .time
    case .partOfDay: return kind == .partOfDay
    case .dateTime: return true
    case .year, .relationship: return false
    }
  }
}
