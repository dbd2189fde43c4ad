import JSONKit
import Testing

/// JSONTestSuite conformance: every `y_` accepted, every `n_` rejected, every `i_` decided without crashing, as
/// documented on ``JSONParser``.
@Suite struct JSONTestSuiteTests {
  @Test func fixturesArePresent() {
    #expect(JSONTestSuite.cases("y_").count == 95)
    #expect(JSONTestSuite.cases("n_").count == 188)
    #expect(JSONTestSuite.cases("i_").count == 35)
  }

  @Test(arguments: JSONTestSuite.cases("y_"))
  func acceptsEveryYCase(_ testCase: JSONTestSuite.Case) {
    #expect(throws: Never.self) { try JSONParser().parse(testCase.bytes) }
  }

  @Test(arguments: JSONTestSuite.cases("n_"))
  func rejectsEveryNCase(_ testCase: JSONTestSuite.Case) {
    #expect(throws: JSONParseError.self) { try JSONParser().parse(testCase.bytes) }
  }

  /// The `i_` cases this parser accepts; every other `i_` case must be rejected with a ``JSONParseError``.
  static let acceptedImplementationDefinedCases: Set<String> = [
    // Numbers of any size or precision are kept as literal text.
    "i_number_double_huge_neg_exp.json",
    "i_number_huge_exp.json",
    "i_number_neg_int_huge_exp.json",
    "i_number_pos_double_huge_exp.json",
    "i_number_real_neg_overflow.json",
    "i_number_real_pos_overflow.json",
    "i_number_real_underflow.json",
    "i_number_too_big_neg_int.json",
    "i_number_too_big_pos_int.json",
    "i_number_very_big_negative_int.json",
    // 500 levels is within the default depth limit of 512.
    "i_structure_500_nested_arrays.json",
  ]

  @Test(arguments: JSONTestSuite.cases("i_"))
  func decidesEveryICaseAsDocumented(_ testCase: JSONTestSuite.Case) {
    let outcome = Result { () throws(JSONParseError) in try JSONParser().parse(testCase.bytes) }
    if Self.acceptedImplementationDefinedCases.contains(testCase.name) {
      #expect(throws: Never.self) { try outcome.get() }
    } else {
      #expect(throws: JSONParseError.self) { try outcome.get() }
    }
  }

  @Test func implementationDefinedRejectionsHaveTheDocumentedKinds() throws {
    func kind(_ name: String) throws -> JSONParseError.Kind? {
      let testCase = try #require(JSONTestSuite.cases.first { $0.name == name })
      do {
        _ = try JSONParser().parse(testCase.bytes)
        return nil
      } catch {
        return error.kind
      }
    }
    // Lone, misordered or broken surrogate escapes.
    for name in [
      "i_object_key_lone_2nd_surrogate.json", "i_string_1st_surrogate_but_2nd_missing.json",
      "i_string_1st_valid_surrogate_2nd_invalid.json", "i_string_incomplete_surrogate_and_escape_valid.json",
      "i_string_incomplete_surrogate_pair.json", "i_string_incomplete_surrogates_escape_valid.json",
      "i_string_invalid_lonely_surrogate.json", "i_string_invalid_surrogate.json",
      "i_string_inverted_surrogates_U+1D11E.json", "i_string_lone_second_surrogate.json",
    ] {
      #expect(try kind(name) == .invalidEscape, "\(name)")
    }
    // Invalid UTF-8 inside strings.
    for name in [
      "i_string_UTF-8_invalid_sequence.json", "i_string_UTF8_surrogate_U+D800.json", "i_string_invalid_utf-8.json",
      "i_string_iso_latin_1.json", "i_string_lone_utf8_continuation_byte.json", "i_string_not_in_unicode_range.json",
      "i_string_overlong_sequence_2_bytes.json", "i_string_overlong_sequence_6_bytes.json",
      "i_string_overlong_sequence_6_bytes_null.json", "i_string_truncated-utf-8.json",
    ] {
      #expect(try kind(name) == .invalidUTF8, "\(name)")
    }
    // UTF-16 and a byte order mark: bytes that cannot start JSON.
    #expect(try kind("i_string_UTF-16LE_with_BOM.json") == .unexpectedByte(0xFF))
    #expect(try kind("i_string_utf16BE_no_BOM.json") == .unexpectedByte(0x00))
    #expect(try kind("i_string_utf16LE_no_BOM.json") == .unexpectedByte(0x00))
    #expect(try kind("i_structure_UTF-8_BOM_empty_object.json") == .unexpectedByte(0xEF))
  }

  @Test func byteOrderMarkIsSkippedWhenAllowed() throws {
    let testCase = try #require(JSONTestSuite.cases.first { $0.name == "i_structure_UTF-8_BOM_empty_object.json" })
    let value = try JSONParser(skipsByteOrderMark: true).parse(testCase.bytes)
    #expect(value == .object([:]))
  }

  @Test(arguments: JSONTestSuite.cases("y_"))
  func roundTripsEveryYCase(_ testCase: JSONTestSuite.Case) throws {
    let value = try JSONParser().parse(testCase.bytes)
    let written = value.serialized()
    #expect(!written.contains(0x0A))
    let reparsed = try JSONParser().parse(written)
    #expect(reparsed == value)
    // Writing is deterministic: the reparsed value writes the same bytes.
    #expect(reparsed.serialized() == written)
  }
}
