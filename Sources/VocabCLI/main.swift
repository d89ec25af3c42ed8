import Foundation

let status = VocabCommand.main(Array(CommandLine.arguments.dropFirst()), console: Console())
exit(status)
