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
  var wireName: String { "\(self)" }
}
