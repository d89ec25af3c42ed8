import Foundation
import Testing

@testable import VocabKitRouting

/// Utterances an attacker or a runaway recognizer sends: routing stays near-linear in their
/// length up to ``Router/maximumUtteranceLength``, and long input still routes sensibly.
@Suite struct HostileRoutingTests {
  /// The longest routed utterance made of `unit` repeated.
  static func longest(_ unit: String) -> String {
    let length = Router.maximumUtteranceLength
    let repeated = String(repeating: unit, count: length / unit.unicodeScalars.count + 1)
    return String(String.UnicodeScalarView(repeated.unicodeScalars.prefix(length)))
  }

  /// Each of these took minutes to hours when slot spans were unbounded and each span's cost
  /// was recomputed over its tokens (cubic in tokens: 127 s at 1,000 one-letter words). The
  /// limit is generous for debug and sanitizer builds and still catches that.
  /// The costliest kinds `vocab bench --suite scaling` measures (it times Hindi, Russian,
  /// digits and one long word too); few, as the sanitizer runs route each at full length.
  @Test(arguments: ["a ", "tom baker ", "播放破冰行动大结局", "เพิ่มนมในรายการ", "message tom baker "])
  func theLongestUtterancesRouteInBoundedTime(unit: String) throws {
    let router = Router(vocabulary: StandardPhrasingTests.terse)
    let text = Self.longest(unit)
    let clock = ContinuousClock()
    var result: RouteResult? = nil
    let elapsed = try clock.measure { result = try router.route(text) }
    #expect(elapsed < .seconds(60), "\(unit): \(elapsed)")
    #expect(result?.utterance == text)
  }

  @Test func oneScalarMoreThanTheLimitIsAnError() throws {
    let router = Router(vocabulary: StandardPhrasingTests.terse)
    #expect(throws: Router.UtteranceTooLong.self) {
      try router.route(Self.longest("a ") + "a")
    }
  }
}
