/// The matcher's tuning values, in one place, each with what it trades.
///
/// How each was chosen, with the runs that measured it, is in `Docs/tuning.md`; a change
/// here is measured the same way (`vocab bench --suite match` at 10k, 100k and 1M entries,
/// and `vocab eval` on every committed corpus).
package enum MatcherTuning {
  // MARK: Scores

  /// How much a match on one word of a longer phrase counts: a word said right is weaker
  /// evidence than the whole phrase.
  package static let partialWeight: Float = 0.85
  /// The deduction for a match of several common words spelled as the entry is ("to do" for
  /// the list "To-Do"): such words are more often carrier words than the name.
  package static let commonWordPenalty = 0.15
  /// The deduction for a whole phrase that ends with a carrier word said once, when the
  /// index has the phrase without it ("shopping list" when Shopping is a list too): the
  /// sentence's word more often than the name's. It leaves the shorter name ahead.
  package static let carrierTailPenalty = 0.15
  /// The deduction for a match whose words are all common words spelled otherwise than the
  /// entry ("please" for "Plise"): far more often the word itself than a misheard name.
  package static let inexactCommonWordPenalty = 0.2

  /// A whole phrase over one naming word and common (or carrier) words breaks a tie on that
  /// word only when it scores at least this: common words that sound like the rest of the
  /// name ("mary also" for Mary Olson, 0.80) rather than words beside it ("alex on" for Alex
  /// Chen, 0.73).
  package static let commonWordsWholePhraseScore = 0.75

  // MARK: Explaining away

  /// How much lower a match may score than a shorter one inside it and still explain it
  /// away: higher drops more single-word matches inside names.
  package static let containmentMargin = 0.1
  /// Added to ``containmentMargin`` for each more naming word of the longer span: each more
  /// word of a name that matches is more evidence for it.
  package static let namingTokenMargin = 0.04
  /// How much lower an entry's whole phrase may score than its word inside it and still be
  /// the entry's match: the phrase accounts for more of the utterance.
  package static let wholePhraseMargin = 0.04

  // MARK: Phrase completion

  /// A word of a longer phrase matched at least this well gets its whole phrase verified
  /// around it: lower verifies more phrases for little gain.
  package static let completionScore = 0.6
  /// How far below the best match so far a word may score and still be completed: lower
  /// saves time and loses phrases.
  package static let completionMargin = 0.25
  /// The most whole phrases completed at once, those whose sounds the utterance holds most
  /// of first: a first name said right in a directory where hundreds share it would align
  /// every one of their full names.
  package static let maximumCompletions = 32

  // MARK: Search stages

  /// A match this good from the exact and skeleton lookups ends the search: the later
  /// stages (second chance, gram voting, wide lookups) cost more than they find above it.
  package static let lookupSufficientScore = 0.8
  /// The second chance and the wide lookups (the costly stages: O(*s*³) lookups a word)
  /// run only in windows of at most this many tokens: they are for a command whose name
  /// was misheard, and a longer text is dictation, searched by the first lookups and gram
  /// voting alone. As long as the longest slot (`RoutingCosts.longestSlot`).
  package static let maximumDeepLookupTokens = 64
  /// The most words of one phrase that are keys of their own (partial keys): a name or title
  /// has fewer; a 500-character phrase of 125 words would cost 125 keys' tables (a 64 MiB
  /// plist of them took 1.8 GB to compile).
  package static let maximumPartialKeys = 16
  /// The most tokens a span may have in skeleton lookups: names longer than this are found
  /// by their parts.
  package static let maximumSpanTokens = 4
  /// Skeletons shorter than this get no deletion variants: short ones less an element match
  /// far too much.
  package static let minimumVariantSkeleton = 4
  /// Skeletons longer than this get no deletion variants either: making them costs time
  /// quadratic in the length, and a phrase that long (a dozen words and more) is found by
  /// its words.
  package static let maximumVariantSkeleton = 64
  /// A word of longer phrases is crowded when more than this many of them share it in one
  /// spelling, weight and type: a first name in a census directory is shared by up to 2% of
  /// it, 1,800 people at 100,000, and the word alone names none of them.
  package static let crowdedWordThreshold = 64
  /// How many keys of a crowded word the exact lookups find (the earliest entries'): enough
  /// for "which James?" at a router's limit of slot matches (12); the one meant is found by
  /// the words said beside it, in the crowded-word table.
  package static let crowdedWordExactKeys = 16
  /// Words of at least this many skeleton elements get deletion variants in the crowded-word
  /// table (fewer than in the skeleton table: the crowded word beside them narrows a lookup to
  /// the phrases it is in; two elements less one would match nearly anything).
  package static let minimumCrowdedVariantSkeleton = 3
  /// The most whole phrases the crowded-word lookups find for one query (the best
  /// ``maximumCompletions`` of them by their bound are verified), which bounds their cost at
  /// any vocabulary size.
  package static let maximumCrowdedWordKeys = 512
  /// The first skeleton lookups skip lookups naming more keys than this, as too unspecific
  /// to rank; the wide lookups take them later.
  package static let maximumSkeletonFanOut = 32
  /// Wide lookups (the last chance) take lookups naming up to this many keys: short names in
  /// a large vocabulary share their variants with hundreds of others.
  package static let maximumWideFanOut = 256
  /// Wide lookups estimate at most this many keys in one query, which bounds their cost at
  /// any vocabulary size.
  package static let maximumWideKeys = 500
  /// The second chance's consonant lookups take only finds naming at most this many keys: a
  /// guess at one of a dozen classes that names many keys is mostly other names.
  package static let maximumConsonantFanOut = 8
  /// The priority of keys found by the second chance's consonant lookups, below the first
  /// lookups' 2 and 3; it also marks those lookups.
  package static let consonantLookupPriority: Int8 = 1
  /// The most keys from skeleton lookups verified for one query: more costs time and found
  /// nothing more.
  package static let maximumLookupCandidates = 16

  // MARK: Gram voting

  /// Vocabularies of more phrases than this get no gram postings and so no gram voting:
  /// with that many keys, voting would hardly ever fit ``maximumFallbackPostings``.
  package static let maximumVotingPhrases = 20_000
  /// Gram voting runs only when the query's grams have at most this many postings, which
  /// bounds its cost at any vocabulary size.
  package static let maximumFallbackPostings = 2_000
  /// The most keys from gram voting verified by alignment for one query: more lengthens the
  /// slowest queries.
  package static let maximumCandidates = 32
  /// Keys sharing fewer than this many tenths of their sound grams with the query are
  /// skipped: fewer is chance.
  package static let minimumVoteTenths = 3
  /// A word must weigh at least this much (about two consonants) to be a partial key.
  package static let minimumPartialWeight: Int32 = 20
  /// A lighter word of a longer phrase is a key found only when said exactly, when it has at
  /// least this many letters: "Ed" and "Al" are names said alone; "J" of "J Cole" is not.
  package static let minimumExactPartialLetters = 2
}
