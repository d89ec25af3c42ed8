import VocabKitMatching
import VocabKitNormalization
import VocabKitVocabulary

extension RoutingContext {
  func mediaSearch(span: Range<Int>, resolved: SlotResult) -> MediaSearch {
    var search = MediaSearch(
      title: nil, episode: nil, season: nil, latest: false, finale: false, mediaType: nil,
      isEmpty: true)
    for index in span {
      let token = utterance.tokens[index]
      if let type = RoutingLexicon.mediaWord(at: index, in: utterance.tokens).type {
        search.mediaType = type
      }
      // A Chinese count names an episode or season only as an ordinal (第一集) or in digits
      // (3集): 一集 of 最新一集 is "an episode", the latest one, and 两集 two of them.
      if let number = token.number,
        number.counter == nil || number.isOrdinal
          || token.folded.unicodeScalars.contains(where: { ("0"..."9").contains($0) })
      {
        let previous = index > span.lowerBound ? utterance.tokens[index - 1].latinKey : ""
        if number.counter == "季" || RoutingLexicon.seasonWords.contains(previous) {
          search.season = number.value
        } else if ["集", "期", "话", "回"].contains(number.counter ?? "")
          || RoutingLexicon.episodeWords.contains(previous)
        {
          search.episode = number.value
        }
      }
    }
    for phrase in qualifierPhrases where phrase.range.overlaps(span) {
      switch phrase.kind {
      case .latest: search.latest = true
      case .finale: search.finale = true
      }
    }
    // "of" after a qualifier joins it to the title ("the latest episode of yanxi palace",
    // "season 2 of …"), as 的 does: no word of the title. In "game of thrones" it is one.
    let titleTokens = span.filter { index in
      !isQualifier[index] && !cheapTokens[index]
        && !(index > span.lowerBound && isQualifier[index - 1]
          && utterance.tokens[index].latinKey == "of" && utterance.tokens[index].script == .latin)
    }
    if let first = titleTokens.first, let last = titleTokens.last {
      search.title = resolved.candidates.first?.phrase ?? utterance.text(of: first..<last + 1)
      search.isEmpty = false
    }
    return search
  }
}
