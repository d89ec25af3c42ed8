import Testing

@testable import VocabKitNormalization

/// Russian names in the cases requests put them in.
@Suite struct RussianDeclensionTests {
  @Test(arguments: [
    (
      "Александр Петров",
      ["Александра Петрова", "Александру Петрову", "Александром Петровым", "Александре Петрове"]
    ),
    ("Маша", ["Маши", "Маше", "Машу", "Машей"]),
    ("Анна Петрова", ["Анны Петровой", "Анне Петровой", "Анну Петрову", "Анной Петровой"]),
    ("Мария", ["Марии", "Марию", "Марией"]),
    ("Дмитрий", ["Дмитрия", "Дмитрию", "Дмитрием", "Дмитрии"]),
    ("Андрей", ["Андрея", "Андрею", "Андреем", "Андрее"]),
    ("Игорь", ["Игоря", "Игорю", "Игорем", "Игоре"]),
    ("Работа", ["Работы", "Работе", "Работу", "Работой"]),
  ])
  func aNameDeclines(phrase: String, forms: [String]) {
    #expect(RussianDeclension.otherCases(of: phrase) == forms)
  }

  @Test(arguments: ["Кино", "Покупки", "Входящие", "Alex Chen", "张伟", "राहुल शर्मा"])
  func otherWordsKeepTheirOneForm(phrase: String) {
    #expect(RussianDeclension.otherCases(of: phrase).isEmpty)
  }
}
