import JSONKit
import SuggestEngine

/// Highlight ranges on the wire: `[[start, end], …]`, half-open, in the negotiated position encoding.
struct WireHighlights: JSONEncodable, Sendable {
  /// The converted ranges.
  var ranges: [Range<Int>]

  /// Converts original-UTF-8 ranges of `text` into `encoding`.
  init(utf8Ranges: [Range<Int>], in text: String, encoding: PositionEncoding) {
    ranges = utf8Ranges.isEmpty ? [] : encoding.convert(utf8Ranges: utf8Ranges, in: text)
  }

  func encode(to writer: inout JSONWriter) {
    writer.writeArray { writer in
      for range in ranges {
        writer.writeArray { writer in
          writer.write(range.lowerBound)
          writer.write(range.upperBound)
        }
      }
    }
  }
}

extension MatchTier {
  /// The tier's wire name: its case name (`exact`, `prefix`, `wordPrefix`, `acronym`, …).
  var wireName: String { Self.wireNames[rawValue] }

  /// Every tier's wire name, by raw value: made once, since describing a case goes through reflection (a few
  /// microseconds, a tenth of a page of 50 results' answer).
  private static let wireNames = allCases.map { "\($0)" }
}
