/// Which user vocabulary types serve which intent parameters.
///
/// Apple's standard intents use the table below (``standard``). A custom intent's
/// parameter binds by its name: a parameter whose name contains one of the words in
/// ``nameRules`` (case-insensitive) binds to that word's types, so `CallIntent.contact`
/// and `ShareIntent.recipientName` bind to `contactName`, `AddSongIntent.playlist` to
/// `mediaPlaylistTitle`. A parameter bound to nothing, with no `ParameterVocabularies`
/// either, is free text.
package enum ParameterBindings {
  /// Apple's standard intents and the user vocabulary that serves their parameters.
  package static let standard: [ParameterName: [UserVocabularyType]] = {
    var table: [ParameterName: [UserVocabularyType]] = [:]
    func bind(_ names: [String], _ types: [UserVocabularyType]) {
      for name in names { table[ParameterName(name)!] = types }
    }
    bind(
      [
        "INSearchForMessagesIntent.senders",
        "INSearchForMessagesIntent.recipients", "INStartCallIntent.contacts",
        "INStartAudioCallIntent.contacts", "INStartVideoCallIntent.contacts",
        "INSendPaymentIntent.payee", "INRequestPaymentIntent.payer",
        "INSearchForPhotosIntent.peopleInPhoto",
      ], [.contactName])
    // A group is messaged where a person would be ("text family dinner is ready"): the
    // recipients slot holds either, and a group it holds is the speakable group name.
    bind(["INSendMessageIntent.recipients"], [.contactName, .contactGroupName])
    bind(
      ["INSendMessageIntent.speakableGroupName", "INSearchForMessagesIntent.speakableGroupNames"],
      [.contactGroupName])
    bind(
      [
        "INPlayMediaIntent.mediaSearch", "INAddMediaIntent.mediaSearch",
        "INSearchForMediaIntent.mediaSearch",
      ],
      [
        .mediaPlaylistTitle, .mediaMusicArtistName, .mediaShowTitle, .mediaAudiobookTitle,
        .mediaAudiobookAuthorName,
      ])
    bind(["INAddMediaIntent.mediaDestination"], [.mediaPlaylistTitle])
    bind(
      [
        "INAddTasksIntent.targetTaskList", "INSearchForNotebookItemsIntent.title",
        "INAppendToNoteIntent.targetNote", "INSetTaskAttributeIntent.targetTask",
      ],
      [.notebookItemTitle])
    bind(
      [
        "INCreateNoteIntent.groupName", "INSearchForNotebookItemsIntent.groupName",
        "INCreateTaskListIntent.groupName",
      ],
      [.notebookItemGroupName])
    bind(["INSearchForPhotosIntent.albumName"], [.photoAlbumName])
    bind(["INSearchForPhotosIntent.searchTerms"], [.photoTag])
    bind(["INStartWorkoutIntent.workoutName"], [.workoutActivityName])
    // An organization is paid as a bill's payee (INBillPayee.organizationName); a payment to
    // a person names a contact.
    bind(["INPayBillIntent.billPayee"], [.paymentsOrganizationName])
    bind(
      ["INActivateCarSignalIntent.carName", "INGetCarPowerLevelStatusIntent.carName"], [.carName])
    bind(["INSetProfileInCarIntent.profileName"], [.carProfileName])
    return table
  }()

  /// The parameters of Apple's standard intents that templates may name.
  package static let standardParameters: [String: Set<String>] = [
    "INSendMessageIntent": [
      "recipients", "content", "speakableGroupName", "serviceName", "sender", "attachments",
      "outgoingMessageType",
    ],
    "INStartCallIntent": ["contacts", "callCapability", "destinationType", "audioRoute"],
    "INSearchForMessagesIntent": [
      "senders", "recipients", "searchTerms", "speakableGroupNames", "dateTimeRange",
    ],
    "INPlayMediaIntent": [
      "mediaItems", "mediaContainer", "playShuffled", "playbackRepeatMode", "resumePlayback",
      "playbackQueueLocation", "playbackSpeed", "mediaSearch",
    ],
    "INAddMediaIntent": ["mediaItems", "mediaSearch", "mediaDestination"],
    "INSearchForMediaIntent": ["mediaItems", "mediaSearch"],
    "INAddTasksIntent": [
      "targetTaskList", "taskTitles", "spatialEventTrigger", "temporalEventTrigger", "priority",
    ],
    "INCreateTaskListIntent": ["title", "taskTitles", "groupName"],
    "INCreateNoteIntent": ["title", "content", "groupName"],
    "INAppendToNoteIntent": ["targetNote", "content"],
    "INSearchForNotebookItemsIntent": [
      "title", "content", "itemType", "status", "location", "dateTime", "groupName",
    ],
    "INSendPaymentIntent": ["payee", "currencyAmount", "note"],
    "INRequestPaymentIntent": ["payer", "currencyAmount", "note"],
    "INPayBillIntent": [
      "billPayee", "fromAccount", "transactionAmount", "transactionScheduledDate",
      "transactionNote", "billType", "dueDate",
    ],
    "INSearchForPhotosIntent": [
      "dateCreated", "locationCreated", "albumName", "searchTerms", "peopleInPhoto",
    ],
    "INStartWorkoutIntent": ["workoutName", "goalValue", "workoutGoalUnitType", "isOpenEnded"],
    "INStartAudioCallIntent": ["contacts", "destinationType"],
    "INStartVideoCallIntent": ["contacts"],
    "INSetTaskAttributeIntent": [
      "targetTask", "taskTitle", "status", "priority", "spatialEventTrigger",
      "temporalEventTrigger",
    ],
    "INActivateCarSignalIntent": ["carName", "signals"],
    "INGetCarPowerLevelStatusIntent": ["carName"],
    "INSetProfileInCarIntent": ["profileNumber", "profileName", "isDefaultProfile", "carName"],
  ]

  /// Words in a custom parameter's name and the types they bind to, tried in order.
  package static let nameRules: [(word: String, types: [UserVocabularyType])] = [
    ("playlist", [.mediaPlaylistTitle]),
    ("artist", [.mediaMusicArtistName]),
    ("audiobook", [.mediaAudiobookTitle]),
    ("author", [.mediaAudiobookAuthorName]),
    ("show", [.mediaShowTitle]),
    ("album", [.photoAlbumName]),
    ("workout", [.workoutActivityName]),
    ("group", [.contactGroupName]),
    ("contact", [.contactName]),
    ("recipient", [.contactName]),
    ("person", [.contactName]),
    ("sender", [.contactName]),
    ("list", [.notebookItemTitle]),
    ("note", [.notebookItemTitle]),
  ]

  /// The user vocabulary types that serve `parameter`.
  /// Types a parameter's slot holds that are no evidence of its intent: the intent model
  /// does not learn them as the parameter, nor does the router count them for the intent.
  /// A group is messaged where a person would be ("text family dinner is ready"), but "phone
  /// the book club" is no message for naming one (learned, it was, at 0.97).
  package static let heldNotLearned: [ParameterName: Set<UserVocabularyType>] = [
    ParameterName(intent: "INSendMessageIntent", parameter: "recipients"): [.contactGroupName]
  ]

  package static func types(for parameter: ParameterName) -> [UserVocabularyType] {
    if let types = standard[parameter] { return types }
    if parameter.intent.hasPrefix("IN"), standardParameters[parameter.intent] != nil { return [] }
    let lowered = parameter.parameter.lowercased()
    return nameRules.first { lowered.contains($0.word) }?.types ?? []
  }
}
