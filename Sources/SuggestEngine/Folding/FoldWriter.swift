/// The folding loop shared by ``TextFolder/append(folding:to:flags:)`` and ``TextFolder/fold(_:)``.
///
/// ASCII bytes go through a 128-entry table (folded byte and word class) and a 256-entry word-transition table;
/// other scalars are decoded from UTF-8 and looked up in ``FoldTable``. Grapheme clusters are tracked so that a
/// combining mark, a ZWJ sequence or a conjunct stays part of the character it belongs to: it never starts a word,
/// its folded bytes map back to the start of that character, and a kept mark can compose with it (カ + ゙ → ガ).
enum FoldWriter {
  /// Folds UTF-8 and appends the result.
  ///
  /// - Parameters:
  ///   - source: Valid UTF-8 (the bytes of a `String`).
  ///   - table: The fold table.
  ///   - bytes: Receives the folded UTF-8.
  ///   - flags: Receives one ``FoldFlags`` raw value per folded byte.
  ///   - offsets: Receives, per folded byte, the UTF-8 offset in `source` of the character it came from.
  /// - Complexity: O(*n*) in the length of `source`.
  static func fold<Offsets: FoldOffsets>(
    _ source: UnsafeBufferPointer<UInt8>,
    table: FoldTable,
    bytes: inout [UInt8],
    flags: inout [UInt8],
    offsets: inout Offsets
  ) {
    let ascii = table.ascii
    let transitions = table.transitionFlags
    var breaker = GraphemeBreaker()
    // Word classes of the last two characters that produced output (a separator before the text).
    var previousClass = WordClass.separator.rawValue
    var classBeforePrevious = WordClass.separator.rawValue
    // Where the previous character's folded bytes start: it becomes a word start in "HTTPServer".
    var previousOutput = bytes.count
    // The current character (grapheme cluster): its offset in `source` and where its folded bytes start.
    var characterStart: Int32 = 0
    var characterOutput = bytes.count
    // The class of the last scalar in the current character that is not a mark: a diacritic after a letter or
    // digit is dropped, after anything else (a symbol, a joiner, nothing) it is kept.
    var baseClass = WordClass.other.rawValue
    let upper = WordClass.upper.rawValue
    let lower = WordClass.lower.rawValue

    var index = 0
    let count = source.count
    while index < count {
      let byte = source[index]
      if byte < 0x80 {
        let folded = ascii[Int(byte)]
        let wordClass = UInt8(truncatingIfNeeded: folded >> 8)
        var flag: UInt8
        if breaker.continuesCluster(ascii: byte) {
          flag = wordClass == WordClass.separator.rawValue ? FoldFlags.separator.rawValue : 0
        } else {
          characterStart = Int32(truncatingIfNeeded: index)
          characterOutput = bytes.count
          flag = transitions[Int(previousClass) << 4 | Int(wordClass)]
          if wordClass == lower && previousClass == upper && classBeforePrevious == upper {
            flags[previousOutput] |= FoldFlags.wordStart.rawValue
          }
          previousOutput = bytes.count
          classBeforePrevious = previousClass
          previousClass = wordClass
        }
        bytes.append(UInt8(truncatingIfNeeded: folded))
        flags.append(flag)
        offsets.append(characterStart)
        baseClass = wordClass
        index += 1
        continue
      }

      // A multi-byte scalar: decode it (the source is valid UTF-8, but never read past its end).
      var scalar: UInt32
      let length: Int
      if byte < 0xE0 {
        length = 2
        scalar = UInt32(byte & 0x1F)
      } else if byte < 0xF0 {
        length = 3
        scalar = UInt32(byte & 0x0F)
      } else {
        length = 4
        scalar = UInt32(byte & 0x07)
      }
      guard index + length <= count else { break }
      for next in index + 1..<index + length { scalar = scalar << 6 | UInt32(source[next] & 0x3F) }
      let entry = table.entry(scalar)
      var wordClass = entry.wordClass
      let scalarBytes = UnsafeBufferPointer(rebasing: source[index..<index + length])
      index += length
      // Invisible format characters are dropped as if they were not there, so "e\u{AD}\u{301}" folds like
      // "e\u{301}" and folding stays idempotent (their character is covered by the one before it).
      if wordClass == .ignorable { continue }

      if breaker.continuesCluster(entry) {
        // Part of the current character: never a word start, maps back to the character's start.
        if wordClass == .diacritic && WordClass(rawValue: baseClass)?.dropsDiacritics == true { continue }
        if wordClass != .diacritic && wordClass != .mark { baseClass = wordClass.rawValue }
        if entry.composesWithPrevious && bytes.count > characterOutput
          && compose(
            entry,
            scalar,
            after: characterOutput,
            at: characterStart,
            table: table,
            bytes: &bytes,
            flags: &flags,
            offsets: &offsets
          )
        {
          continue
        }
        let flag = wordClass == .separator ? FoldFlags.separator.rawValue : 0
        emit(
          entry,
          scalarBytes,
          flag: flag,
          at: characterStart,
          table: table,
          bytes: &bytes,
          flags: &flags,
          offsets: &offsets
        )
        continue
      }

      characterStart = Int32(truncatingIfNeeded: index - length)
      characterOutput = bytes.count
      if wordClass == .diacritic || wordClass == .mark { wordClass = .other }
      baseClass = wordClass.rawValue
      let classValue = wordClass.rawValue
      let flag = transitions[Int(previousClass) << 4 | Int(classValue)]
      if classValue == lower && previousClass == upper && classBeforePrevious == upper {
        flags[previousOutput] |= FoldFlags.wordStart.rawValue
      }
      previousOutput = bytes.count
      classBeforePrevious = previousClass
      previousClass = classValue
      emit(
        entry,
        scalarBytes,
        flag: flag,
        at: characterStart,
        table: table,
        bytes: &bytes,
        flags: &flags,
        offsets: &offsets
      )
    }
  }

  /// Appends the folded form of one scalar: a separator byte, its mapping from the table, or its own bytes.
  @inline(__always)
  private static func emit<Offsets: FoldOffsets>(
    _ entry: FoldEntry,
    _ scalarBytes: UnsafeBufferPointer<UInt8>,
    flag: UInt8,
    at characterStart: Int32,
    table: FoldTable,
    bytes: inout [UInt8],
    flags: inout [UInt8],
    offsets: inout Offsets
  ) {
    if entry.wordClass == .separator {
      bytes.append(TextFolder.separator)
      flags.append(flag)
      offsets.append(characterStart)
    } else if entry.mappingIndex != 0 {
      let range = table.mappingRange(entry.mappingIndex)
      table.mappingBytes.withUnsafeBufferPointer { mapping in
        append(UnsafeBufferPointer(rebasing: mapping[range]), flag: flag, at: characterStart, &bytes, &flags, &offsets)
      }
    } else {
      append(scalarBytes, flag: flag, at: characterStart, &bytes, &flags, &offsets)
    }
  }

  /// Appends folded UTF-8 whose first byte gets `flag` and whose continuation bytes get ``FoldFlags/continuation``.
  @inline(__always)
  private static func append<Offsets: FoldOffsets>(
    _ utf8: UnsafeBufferPointer<UInt8>,
    flag: UInt8,
    at characterStart: Int32,
    _ bytes: inout [UInt8],
    _ flags: inout [UInt8],
    _ offsets: inout Offsets
  ) {
    var first = true
    for byte in utf8 {
      bytes.append(byte)
      if byte & 0xC0 == 0x80 {
        flags.append(FoldFlags.continuation.rawValue)
      } else {
        flags.append(first ? flag : 0)
        first = false
      }
      offsets.append(characterStart)
    }
  }

  /// Composes `scalar` (or the single scalar it folds to) with the last starter of the current character, as NFC
  /// would: the starter is the last folded scalar with canonical combining class 0, and every mark between them
  /// must have a lower, non-zero class. "カ" + U+3099 → "ガ"; "ক" + U+09C7 + U+09BE → "ক" + U+09CB.
  ///
  /// - Returns: Whether it composed (then `scalar` is consumed).
  private static func compose<Offsets: FoldOffsets>(
    _ entry: FoldEntry,
    _ scalar: UInt32,
    after characterOutput: Int,
    at characterStart: Int32,
    table: FoldTable,
    bytes: inout [UInt8],
    flags: inout [UInt8],
    offsets: inout Offsets
  ) -> Bool {
    var second = scalar
    if entry.mappingIndex != 0 {
      let range = table.mappingRange(entry.mappingIndex)
      guard let decoded = decodeScalar(table.mappingBytes, at: range.lowerBound) else { return false }
      second = decoded
    }
    let secondClass = combiningClass(second)
    var end = bytes.count
    var highestBetween: UInt8 = 0
    while end > characterOutput {
      var start = end - 1
      while start > characterOutput && bytes[start] & 0xC0 == 0x80 { start -= 1 }
      guard let first = decodeScalar(bytes, at: start) else { return false }
      let firstClass = combiningClass(first)
      guard firstClass == 0 else {
        highestBetween = max(highestBetween, firstClass)
        end = start
        continue
      }
      guard end == bytes.count || (secondClass != 0 && highestBetween < secondClass),
        let composite = table.composition(of: first, second), let compositeScalar = Unicode.Scalar(composite)
      else { return false }
      // Replace the starter, keep the marks after it.
      let tailBytes = Array(bytes[end...])
      let tailFlags = Array(flags[end...])
      let flag = flags[start] & ~FoldFlags.continuation.rawValue
      let removed = bytes.count - start
      bytes.removeLast(removed)
      flags.removeLast(removed)
      offsets.removeLast(removed)
      var isFirst = true
      for byte in compositeScalar.utf8 {
        bytes.append(byte)
        flags.append(isFirst ? flag : FoldFlags.continuation.rawValue)
        offsets.append(characterStart)
        isFirst = false
      }
      bytes.append(contentsOf: tailBytes)
      flags.append(contentsOf: tailFlags)
      for _ in tailBytes { offsets.append(characterStart) }
      return true
    }
    return false
  }

  /// The canonical combining class of a scalar (0 for starters).
  private static func combiningClass(_ value: UInt32) -> UInt8 {
    guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return 0 }
    return UInt8(truncatingIfNeeded: scalar.properties.canonicalCombiningClass.rawValue)
  }

  /// Decodes the UTF-8 scalar starting at `index` of `utf8`.
  private static func decodeScalar(_ utf8: [UInt8], at index: Int) -> UInt32? {
    guard index < utf8.count else { return nil }
    let lead = utf8[index]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard index + length <= utf8.count else { return nil }
    var scalar = UInt32(length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07)
    for next in index + 1..<index + length { scalar = scalar << 6 | UInt32(utf8[next] & 0x3F) }
    return scalar
  }
}
