import Foundation
import Testing
import VocabKitMatching
import VocabKitVocabulary

@testable import VocabKitRouting

/// The learned intent model and how the router combines it with template alignment.
@Suite struct IntentModelTests {
  let router = Router(vocabulary: sampleVocabulary)

  /// A vocabulary of two apps, built in memory; the music app with `moreMusicPhrases` too.
  static func twoAppVocabulary(moreMusicPhrases: [String] = []) throws -> CompiledVocabulary {
    let items = { StandardPhrasingTests.items($0, kind: $1) }
    let examples = { StandardPhrasingTests.examples($0) }
    let contacts = items(["Alex Kim", "Maria Garcia", "Priya Patel", "Tom Baker"], "contact")
    let playlists = items(["Deep Focus", "Morning Run", "Dinner Jazz"], "playlist")
    let phone = App(
      bundleIdentifier: "com.example.phone", folder: "Phone.app", name: "Phone",
      names: [AppName(text: "Phone", kind: .bundleName)],
      intents: [
        Intent(
          name: "INStartCallIntent",
          examples: examples(["call ${contacts}", "phone ${contacts}", "ring ${contacts} now"])),
        Intent(
          name: "INSendMessageIntent",
          examples: examples([
            "text ${recipients} ${content}", "send a message to ${recipients} saying ${content}",
          ])),
      ], userVocabulary: [.contactName: contacts])
    let music = App(
      bundleIdentifier: "com.example.music", folder: "Music.app", name: "Tunes",
      names: [AppName(text: "Tunes", kind: .bundleName)],
      intents: [
        Intent(
          name: "INPlayMediaIntent",
          examples: examples(
            [
              "play ${mediaSearch}", "put on ${mediaSearch}", "i want to hear ${mediaSearch}",
            ] + moreMusicPhrases))
      ], userVocabulary: [.mediaPlaylistTitle: playlists])
    return try CompiledVocabulary(registry: VocabularyRegistry(apps: [phone, music]))
  }

  @Test func trainingIsDeterministic() throws {
    let first = try Self.twoAppVocabulary().intentModel
    let second = try Self.twoAppVocabulary().intentModel
    #expect(first.labels == second.labels)
    #expect(first.biases == second.biases)
    #expect(first.weights == second.weights)
    #expect(first.rows == second.rows)
  }

  /// A phrase added to one app's intent barely moves what the model says of another app's
  /// requests: each template is filled from random streams of its own, and each example keeps
  /// its place among the others in every pass. (With one stream for every example and one
  /// shuffled order, this phrase moved them by 0.021; now by 0.005.)
  @Test func aPhraseAddedToOneAppLeavesAnotherAppsRequestsAlone() throws {
    let before = try Self.twoAppVocabulary()
    let after = try Self.twoAppVocabulary(moreMusicPhrases: ["blast ${mediaSearch} loud"])
    #expect(before.intentModel.labels == after.intentModel.labels)
    func probabilities(_ text: String, _ vocabulary: CompiledVocabulary) throws -> [Double] {
      var context = RoutingContext(
        vocabulary: vocabulary, policy: ResolutionPolicy(),
        utterance: try PreparedUtterance(text, normalizer: vocabulary.normalizer))
      return vocabulary.intentModel.probabilities(context.intentFeatures(apps: nil).features)
    }
    var largest = 0.0
    for text in [
      "call maria garcia", "phone tom baker", "ring alex kim now", "text priya see you soon",
      "send a message to tom baker saying running late", "could you give maria a call",
    ] {
      let (old, new) = (try probabilities(text, before), try probabilities(text, after))
      for label in old.indices { largest = max(largest, abs(old[label] - new[label])) }
    }
    #expect(largest < 0.01, "a probability moved by \(largest)")
  }

  /// Training work grows with examples × labels, both of which grow with apps: past the
  /// budget, the schedule keeps the work within it (at least one example a pass).
  @Test(arguments: [1, 1_000, 115_000_000 / 25, 140_000_000, 2_000_000_000, 1 << 40])
  func trainingWorkStaysWithinTheBudget(workPerEpoch: Int) {
    let tuning = IntentModelTuning.standard
    let examples = 13_000
    let (epochs, perEpoch) = tuning.schedule(examples: examples, workPerEpoch: workPerEpoch)
    let work = Double(workPerEpoch) * Double(epochs) * Double(perEpoch) / Double(examples)
    if workPerEpoch * tuning.epochs <= tuning.maximumTrainingWork {
      #expect(epochs == tuning.epochs && perEpoch == examples)
    } else {
      let oneExampleEachPass = Double(tuning.minimumEpochs * workPerEpoch) / Double(examples)
      #expect(work <= max(Double(tuning.maximumTrainingWork), oneExampleEachPass))
      #expect(epochs >= tuning.minimumEpochs && perEpoch >= 1)
    }
  }

  /// A vocabulary past every budget still trains a model, within the weight bound, that
  /// routes its apps' phrasings.
  @Test func aTightBudgetStillLearnsThePhrasings() throws {
    let vocabulary = try Self.twoAppVocabulary()
    var tuning = IntentModelTuning.standard
    tuning.maximumTrainingWork = 10_000
    tuning.maximumWeights = 600
    tuning.maximumExamples = 8
    let train = { () throws -> IntentModel in
      try IntentModel.train(
        templates: vocabulary.templates, registry: vocabulary.registry,
        normalizer: vocabulary.normalizer, tuning: tuning)
    }
    let model = try train()
    #expect(model.rows.count * model.labels.count <= tuning.maximumWeights)
    #expect(model.rows.count * 2 > tuning.maximumWeights / model.labels.count)
    let full = vocabulary.intentModel
    #expect(full.rows.count * full.labels.count > tuning.maximumWeights)
    #expect(try train().weights == model.weights)

    let bounded = try CompiledVocabulary(
      registry: vocabulary.registry, normalizer: vocabulary.normalizer,
      shards: vocabulary.shards, cachedModel: model)
    let router = Router(vocabulary: bounded)
    #expect(try router.route("ring tom baker now").intent == "INStartCallIntent")
    #expect(try router.route("i want to hear dinner jazz").intent == "INPlayMediaIntent")
    let message = try router.route("send a message to alex kim saying hi")
    #expect(message.intent == "INSendMessageIntent")
  }

  @Test func slotClassesCarryPhrasingToNamesNeverSeenInTraining() throws {
    let vocabulary = try Self.twoAppVocabulary()
    let router = Router(vocabulary: vocabulary)
    // "ring … now" was only ever filled with sampled contacts; Tom Baker may never have been.
    let call = try router.route("ring tom baker now")
    #expect(call.intent == "INStartCallIntent")
    #expect(call.slot("contacts")?.value == "contact.tom-baker")
    let play = try router.route("i want to hear dinner jazz")
    #expect(play.intent == "INPlayMediaIntent")
    #expect(play.app == "com.example.music")
    #expect(play.slot("mediaSearch")?.value == "playlist.dinner-jazz")
  }

  /// The out-of-scope class is the model's last label; it takes sentences of everyday words
  /// and is never offered as a candidate.
  @Test func everydayWordsAreOutOfScope() throws {
    let vocabulary = try Self.twoAppVocabulary()
    let model = vocabulary.intentModel
    #expect(model.labels.last == .outOfScope)
    #expect(model.labels.dropLast().allSatisfy { $0 != .outOfScope })
    func mostProbable(_ text: String) throws -> IntentModel.Label {
      var context = RoutingContext(
        vocabulary: vocabulary, policy: ResolutionPolicy(),
        utterance: try PreparedUtterance(text, normalizer: vocabulary.normalizer))
      let probabilities = model.probabilities(context.intentFeatures(apps: nil).features)
      return model.labels[probabilities.indices.max { probabilities[$0] < probabilities[$1] }!]
    }
    #expect(try mostProbable("the water was hot and the house was old") == .outOfScope)
    #expect(try mostProbable("call maria garcia").intent == "INStartCallIntent")
    let result = try Router(vocabulary: vocabulary).route("the water was hot and the house was old")
    #expect(result.intent == nil)
    #expect(result.candidates.allSatisfy { $0.intent != IntentModel.Label.outOfScope.intent })
  }

  /// A name no vocabulary entry matches, where a template has its slot: the intent stands
  /// (the out-of-scope class must not take it).
  @Test(arguments: [
    ("给亚历克斯打电话", "INStartCallIntent"),
    ("напиши Марии буду через час", "INSendMessageIntent"),
  ])
  func aNameNoVocabularyHasKeepsTheIntent(text: String, intent: String) throws {
    let result = try router.route(text)
    #expect(result.intent == intent)
  }

  @Test func candidatesCarryProbabilitiesAndAreRankedByTheCombinedScore() throws {
    let result = try router.route("add milk to my inbox in taskly")
    #expect(!result.candidates.isEmpty)
    let total = result.candidates.reduce(0) { $0 + $1.probability }
    #expect(total <= 1.000_001)
    for candidate in result.candidates {
      #expect((0...1).contains(candidate.probability))
      #expect((0...1).contains(candidate.alignment))
      #expect((0...1).contains(candidate.score))
    }
    #expect(
      zip(result.candidates, result.candidates.dropFirst()).allSatisfy { $0.score >= $1.score })
    #expect(result.candidates.first?.intent == result.intent)
    #expect(result.score == result.candidates.first?.score)
  }

  @Test func misheardCarrierWordsStillReachTheIntent() throws {
    let result = try router.route("ad milk two my inbox")
    #expect(result.intent == "INAddTasksIntent")
    #expect(result.slot("targetTaskList")?.value == "list.inbox")
  }

  @Test func utterancesAboutSomethingElseAreNoIntent() throws {
    for text in ["what is the weather like tomorrow", "set an alarm for seven thirty"] {
      let result = try router.route(text)
      #expect(result.intent == nil, "\(text)")
      #expect(result.candidates.allSatisfy { $0.coverage < 0.7 }, "\(text)")
    }
  }

  @Test func theWordsThatNamedAValueAreTheSlotText() throws {
    // The alignment gives 给张伟 to the slot; the value was named by 张伟.
    let result = try router.route("打电话给张伟")
    #expect(result.intent == "INStartCallIntent")
    let slot = try #require(result.slot("contacts"))
    #expect(slot.value == "contact.zhang-wei")
    #expect(slot.text == "张伟")
  }

  @Test func mediaQualifiersAreMatchedOverSeveralTokens() throws {
    // ICU splits 大结局 into 大 + 结局.
    let named = try router.route("用爱奇艺播放破冰行动大结局")
    #expect(named.slot("mediaSearch")?.value == "show.breaking-ice")
    #expect(named.mediaSearch?.finale == true)
    let english = try router.route("play the season finale of qi pa shuo on iqiyi")
    #expect(english.mediaSearch?.finale == true)
    let latest = try router.route("play the latest episode of qi pa shuo on iqiyi")
    #expect(latest.mediaSearch?.latest == true)
  }
}

/// N-best input: a recognizer's alternatives routed together.
@Suite struct AlternativesTests {
  let router = Router(vocabulary: sampleVocabulary)

  @Test func aSlotUnresolvedInTheFirstAlternativeIsTakenFromAnother() throws {
    let first = try router.route("add milk to my in bucks")
    let combined = try router.route(alternatives: [
      "add milk to my in bucks", "add milk to my inbox",
    ])
    #expect(combined.intent == "INAddTasksIntent")
    #expect(combined.slot("targetTaskList")?.value == "list.inbox")
    #expect(combined.slot("targetTaskList")?.resolution == .success)
    // The first alternative alone does not reach the list.
    #expect(first.slot("targetTaskList")?.value != "list.inbox")
  }

  /// A bound slot's value is voted on like the intent: each alternative's resolved value
  /// counts its score weighted by rank.
  @Test func alternativesVoteOnABoundSlotsValue() throws {
    let groceries = "add milk to my groceries"
    let inbox = "add milk to my inbox"
    // Three later alternatives (1/2 + 1/3 + 1/4) outweigh the first.
    let outvoted = try router.route(alternatives: [groceries, inbox, inbox, inbox])
    #expect(outvoted.intent == "INAddTasksIntent")
    #expect(outvoted.slot("targetTaskList")?.value == "list.inbox")
    #expect(outvoted.slot("targetTaskList")?.text == "inbox")
    // One (1/2) does not.
    let kept = try router.route(alternatives: [groceries, inbox])
    #expect(kept.slot("targetTaskList")?.value == "list.groceries")
  }

  @Test func alternativesThatAgreeOnNothingGiveTheFirstOnesAnswer() throws {
    let alone = try router.route("what is the weather like tomorrow")
    let combined = try router.route(
      alternatives: ["what is the weather like tomorrow", "what is the whether like tomorrow"])
    #expect(combined.intent == nil)
    #expect(alone.intent == nil)
  }

  @Test func anAlternativeThatRoutesAloneStandsDiscountedByItsRank() throws {
    let weather = "what is the weather like tomorrow"
    let second = try router.route(alternatives: [weather, "add milk to my inbox", weather])
    #expect(second.intent == "INAddTasksIntent")
    #expect(second.slot("targetTaskList")?.value == "list.inbox")
    // Its score is its own times the discount of one rank, below the score it has alone.
    let alone = try router.route("add milk to my inbox")
    #expect(abs(second.score - alone.score * 0.6) < 1e-9)
    // Fifth in the list, the same sentence is trusted too little to stand.
    let fifth = try router.route(
      alternatives: [weather, weather, weather, weather, "add milk to my inbox"])
    #expect(fifth.intent == nil)
  }

  @Test func oneAlternativeIsTheSameAsRoutingIt() throws {
    let text = "call alex"
    #expect(try router.route(alternatives: [text]) == router.route(text))
    #expect(try router.route(alternatives: ["", text]).intent == "INStartCallIntent")
  }
}
