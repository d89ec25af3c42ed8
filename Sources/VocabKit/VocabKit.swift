// VocabKit: one import for intent routers.
@_exported import VocabKitMatching
@_exported import VocabKitNormalization
@_exported import VocabKitRouting
@_exported import VocabKitVocabulary
