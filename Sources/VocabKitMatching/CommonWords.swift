import VocabKitNormalization

/// Frequent words that a recognizer writes correctly far more often than it writes them in
/// place of a name.
///
/// A span made only of such words ("list", "today", "this a") is a weak witness for an
/// entry it merely resembles: its match loses ``MatcherTuning/commonWordPenalty``. An exact
/// match is not penalized (a list may be called "Today").
package enum CommonWords {
  /// Latin keys: English, and the function words of the other first-class languages as
  /// their romanizers write them.
  package static let latinKeys: Set<String> = {
    let english = """
      a about above across add after again against all almost alone along already also always
      am an and another any anyone anything are around as ask at away back be because been
      before behind being below between both bring but buy by call can cancel change check
      come could create day delete did do does doing done down during each either else end
      even ever every find first for from get give go going good got had has have he hello
      help her here hers hey him his how i if in into is it its just keep know last later let
      like list little look made make many may me message more morning most much must my
      name need never new next night no not now of off on once one only open or other our
      out over play please put read remind remove right said save say search see send set
      she should show so some something start stop such take tell than thank thanks that the
      their them then there these they thing this those through time to today tomorrow
      tonight too turn under until up us use very want was way we week well were what when
      where which while who why will with would yes yesterday yet you your
      """
    let others = """
      i v na s k ne eto chto kak dlya pozhaluysta
      hai ka ki ke ko se mein par aur kya karo
      de le he shi zai ba qing
      khrap kha na nai thi
      """
    return Set((english + " " + others).split(whereSeparator: \.isWhitespace).map(String.init))
  }()

  /// The common words in a fixed order, for ``phoneticKey(of:)``.
  private static let list = latinKeys.sorted()

  /// The common words, looked up by their bytes (``PackedWords``).
  private static let table = PackedWords(list)

  /// The sound symbols of every common word, in the order of `list`, made once: most of
  /// the words of an utterance are common, and a lookup costs a fraction of encoding.
  private static let phoneticKeys = list.map { PhoneticKey(latinKey: $0).symbols }

  /// The sound symbols of `latinKey` when it is a common word, or nil when it is not.
  ///
  /// - Complexity: O(*n*) in the length of `latinKey`.
  package static func phoneticKey(of latinKey: String) -> [UInt8]? {
    table.index(of: latinKey).map { phoneticKeys[$0] }
  }
}
