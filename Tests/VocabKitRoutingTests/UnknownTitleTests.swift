import Testing

@testable import VocabKitRouting

/// A title the vocabulary does not list ("play despacito") is still the title: the play
/// intent stands and the media search holds the words, `unsupported`, for the app to search
/// its catalog, as Siri hands an app the media search it heard.
@Suite struct UnknownTitleTests {
  let router = Router(vocabulary: sampleVocabulary)

  /// These played what the app recommends (an empty search: the title's words taken for a
  /// template's "songs by"), or were no intent ("play hotel california").
  @Test(arguments: [
    ("play despacito", "despacito"), ("play stranger things", "stranger things"),
    ("play friends", "friends"), ("play hotel california", "hotel california"),
  ])
  func anUnknownTitleIsTheSearch(text: String, title: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.mediaSearch?.isEmpty == false)
    #expect(result.mediaSearch?.title == title)
    let search = try #require(result.slot("mediaSearch"))
    #expect(search.resolution == .unsupported && search.text == title)
  }

  /// "play the beatles" played recommendations: the article alone made a search of
  /// qualifiers, and "beatles" was said loosely as the "playlist" of "play the
  /// ${mediaSearch} playlist". An article is no qualifier, and a template leaves its search
  /// empty only on the words it said near-exactly.
  @Test(arguments: [("play the beatles", "beatles"), ("play the office", "office")])
  func aTitleAfterAnArticleIsTheSearch(text: String, title: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.mediaSearch?.title == title)
    #expect(result.slot("mediaSearch")?.resolution == .unsupported)
  }

  /// These searched only the title's last words: its first was taken for a carrier word of
  /// another template ("play songs by ${mediaSearch}" with "songs by" for "game", "play
  /// ${mediaSearch} on ${applicationName}" with "play" for "watch breaking").
  @Test(arguments: [
    ("play game of thrones", "game of thrones"), ("play yanxi palace", "yanxi palace"),
    ("watch breaking ice on iqiyi", "breaking ice"),
  ])
  func aTitleKeepsItsFirstWords(text: String, title: String) throws {
    let result = try router.route(text)
    #expect(result.intent == "INPlayMediaIntent")
    #expect(result.mediaSearch?.title == title)
    #expect(result.slot("mediaSearch")?.resolution == .unsupported)
  }

  /// Titles the vocabulary lists, and searches of qualifiers alone, are as before.
  @Test func knownTitlesAndQualifiersAreUnchanged() throws {
    let known = try router.route("play chill vibes")
    #expect(known.slot("mediaSearch")?.value == "playlist.chill")
    let newest = try router.route("play something new")
    #expect(newest.intent == "INPlayMediaIntent")
    #expect(newest.mediaSearch?.isEmpty == true && newest.mediaSearch?.latest == true)
  }
}
