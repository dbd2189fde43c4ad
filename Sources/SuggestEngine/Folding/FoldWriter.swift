/// The folding loop shared by ``TextFolder/append(folding:to:flags:)`` and ``TextFolder/fold(_:)``.
///
/// ASCII runs go through a 128-entry table (folded byte and word class) and a 256-entry word-transition table,
/// writing straight into the output: no per-byte `Array.append`, no Unicode branch. Other scalars are decoded from
/// UTF-8 and looked up in ``FoldTable``. Grapheme clusters are tracked so that a combining mark, a ZWJ sequence or a
/// conjunct stays part of the character it belongs to: it never starts a word, its folded bytes map back to the
/// start of that character, and a kept mark can compose with it (カ + ゙ → ガ).
enum FoldWriter {
  /// Folds UTF-8 and appends the folded bytes and their flags.
  ///
  /// - Parameters:
  ///   - source: Valid UTF-8 (the bytes of a `String`).
  ///   - table: The fold table.
  ///   - bytes: Receives the folded UTF-8.
  ///   - flags: Receives one ``FoldFlags`` raw value per folded byte.
  /// - Complexity: O(*n*) in the length of `source`.
  static func append(
    _ source: UnsafeBufferPointer<UInt8>,
    table: FoldTable,
    bytes: inout [UInt8],
    flags: inout [UInt8]
  ) {
    let capacity = source.count * table.maxExpansion
    guard capacity > 0 else { return }
    // Fold into scratch space (on the stack when small), then copy: cheaper than growing the arrays byte by byte.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratchBytes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratchFlags in
        guard let outBytes = scratchBytes.baseAddress, let outFlags = scratchFlags.baseAddress else { return }
        let output = Output(bytes: outBytes, flags: outFlags, offsets: nil, capacity: capacity)
        let written = write(source, table: table, into: output, recordsOffsets: false)
        bytes.append(contentsOf: UnsafeBufferPointer(start: outBytes, count: written))
        flags.append(contentsOf: UnsafeBufferPointer(start: outFlags, count: written))
      }
    }
  }

  /// Folds UTF-8 into new arrays, with the original offset of every folded byte and the length at the end.
  ///
  /// - Parameters:
  ///   - source: Valid UTF-8 (the bytes of a `String`).
  ///   - table: The fold table.
  /// - Returns: The folded text.
  /// - Complexity: O(*n*) in the length of `source`.
  static func fold(_ source: UnsafeBufferPointer<UInt8>, table: FoldTable) -> FoldedText {
    let capacity = source.count * table.maxExpansion
    // `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array singleton, a data race
    // when two threads fold an empty text at once (ThreadSanitizer saw it).
    guard capacity > 0 else { return FoldedText(bytes: [], flags: [], sourceUTF8Offsets: [0]) }
    var written = 0
    var flags: [UInt8] = []
    var offsets: [Int32] = []
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { bytesBuffer, bytesCount in
      flags = [UInt8](unsafeUninitializedCapacity: capacity) { flagsBuffer, flagsCount in
        offsets = [Int32](unsafeUninitializedCapacity: capacity + 1) { offsetsBuffer, offsetsCount in
          guard let outBytes = bytesBuffer.baseAddress, let outFlags = flagsBuffer.baseAddress,
            let outOffsets = offsetsBuffer.baseAddress
          else { return }
          let output = Output(bytes: outBytes, flags: outFlags, offsets: outOffsets, capacity: capacity)
          written = write(source, table: table, into: output, recordsOffsets: true)
          outOffsets[written] = Int32(clamping: source.count)
          offsetsCount = written + 1
        }
        flagsCount = written
      }
      bytesCount = written
    }
    return FoldedText(bytes: bytes, flags: flags, sourceUTF8Offsets: offsets)
  }

  /// Where the loop writes: `capacity` bytes, flags and (when recorded) offsets.
  struct Output {
    var bytes: UnsafeMutablePointer<UInt8>
    var flags: UnsafeMutablePointer<UInt8>
    var offsets: UnsafeMutablePointer<Int32>?
    var capacity: Int
  }

  /// The loop. `capacity` is at least `source.count * table.maxExpansion`, which bounds what any scalar folds to.
  ///
  /// - Returns: The number of folded bytes written.
  @inline(__always)
  private static func write(
    _ source: UnsafeBufferPointer<UInt8>,
    table: FoldTable,
    into output: Output,
    recordsOffsets: Bool
  ) -> Int {
    write(
      source,
      table: table,
      ascii: table.ascii,
      transitions: table.transitionFlags,
      into: output,
      recordsOffsets: recordsOffsets
    )
  }

  @inline(__always)
  private static func write(
    _ source: UnsafeBufferPointer<UInt8>,
    table: FoldTable,
    ascii: UnsafeBufferPointer<UInt16>,
    transitions: UnsafeBufferPointer<UInt8>,
    into output: Output,
    recordsOffsets: Bool
  ) -> Int {
    let out = output.bytes
    let outFlags = output.flags
    var breaker = GraphemeBreaker()
    // Word classes of the last two characters that produced output (a separator before the text).
    var previousClass = WordClass.separator.rawValue
    var classBeforePrevious = WordClass.separator.rawValue
    // Where the previous character's folded bytes start: it becomes a word start in "HTTPServer".
    var previousOutput = 0
    // The current character (grapheme cluster): its offset in `source` and where its folded bytes start.
    var characterStart: Int32 = 0
    var characterOutput = 0
    // The class of the last scalar in the current character that is not a mark: a diacritic after a letter or
    // digit is dropped, after anything else (a symbol, a joiner, nothing) it is kept.
    var baseClass = WordClass.other.rawValue
    let upper = WordClass.upper.rawValue
    let lower = WordClass.lower.rawValue
    let wordStart = FoldFlags.wordStart.rawValue
    // Upper, upper, lower: the second capital starts a word ("HTTPServer").
    let capitalsThenLower = UInt32(upper) << 8 | UInt32(upper) << 4 | UInt32(lower)

    var position = 0  // in the output
    var index = 0  // in the source
    let count = source.count
    while index < count {
      var byte = source[index]
      if byte < 0x80 {
        // An ASCII byte right after a Prepend character (rare) is part of its character.
        if breaker.joinsNextASCII && byte >= 0x20 && byte != 0x7F {
          let folded = ascii[Int(byte)]
          baseClass = UInt8(truncatingIfNeeded: folded >> 8)
          out[position] = UInt8(truncatingIfNeeded: folded)
          outFlags[position] = baseClass == WordClass.separator.rawValue ? FoldFlags.separator.rawValue : 0
          if recordsOffsets { output.offsets.unsafelyUnwrapped[position] = characterStart }
          position += 1
          index += 1
          breaker.accept(ascii: byte)
          continue
        }
        // An ASCII run: two table lookups and two stores per byte, no dependency between bytes but the last
        // three word classes (`history`, 4 bits each); the character state is brought up to date when it ends.
        var history = UInt32(classBeforePrevious) &<< 4 | UInt32(previousClass)
        var lastOutput = previousOutput
        repeat {
          let folded = ascii[Int(truncatingIfNeeded: byte)]
          history = (history &<< 4 | UInt32(truncatingIfNeeded: folded &>> 8)) & 0xFFF
          if history == capitalsThenLower { outFlags[lastOutput] |= wordStart }
          out[position] = UInt8(truncatingIfNeeded: folded)
          outFlags[position] = transitions[Int(truncatingIfNeeded: history & 0xFF)]
          if recordsOffsets {
            // A line feed after a carriage return is part of its character (GB3).
            if byte != 0x0A || index == 0 || source[index &- 1] != 0x0D {
              characterStart = Int32(truncatingIfNeeded: index)
            }
            output.offsets.unsafelyUnwrapped[position] = characterStart
          }
          lastOutput = position
          position &+= 1
          index &+= 1
          guard index < count else { break }
          byte = source[index]
        } while byte < 0x80
        previousClass = UInt8(truncatingIfNeeded: history & 0xF)
        classBeforePrevious = UInt8(truncatingIfNeeded: history &>> 4 & 0xF)
        previousOutput = lastOutput
        baseClass = previousClass
        characterStart = Int32(truncatingIfNeeded: index &- 1)
        characterOutput = lastOutput
        breaker.accept(ascii: source[index &- 1])
        continue
      }

      // A multi-byte scalar: decode it (the source is valid UTF-8, but never read past its end).
      let scalar: UInt32
      let length: Int
      if byte < 0xE0 {
        length = 2
        guard index &+ 1 < count else { break }
        scalar = UInt32(byte & 0x1F) &<< 6 | UInt32(source[index &+ 1] & 0x3F)
      } else if byte < 0xF0 {
        length = 3
        guard index &+ 2 < count else { break }
        scalar =
          UInt32(byte & 0x0F) &<< 12 | UInt32(source[index &+ 1] & 0x3F) &<< 6 | UInt32(source[index &+ 2] & 0x3F)
      } else {
        length = 4
        guard index &+ 3 < count else { break }
        scalar =
          UInt32(byte & 0x07) &<< 18 | UInt32(source[index &+ 1] & 0x3F) &<< 12
          | UInt32(source[index &+ 2] & 0x3F) &<< 6 | UInt32(source[index &+ 3] & 0x3F)
      }
      let entry = table.entry(scalar)
      let scalarBytes = UnsafeBufferPointer(rebasing: source[index..<index &+ length])
      index &+= length

      // Invisible format characters are dropped as if they were not there, so "e\u{AD}\u{301}" folds like
      // "e\u{301}" and folding stays idempotent (their character is covered by the one before it).
      if !entry.isPlain && entry.wordClass == .ignorable { continue }

      // Most scalars (plain letters, ideographs, symbols) start a character of their own: skip the full rules.
      let joins = entry.isPlain ? breaker.continuesClusterWithPlainScalar() : breaker.continuesCluster(entry)
      if joins {
        // Part of the current character: never a word start, maps back to the character's start.
        let wordClass = entry.wordClass
        if wordClass == .diacritic && WordClass(rawValue: baseClass)?.dropsDiacritics == true { continue }
        if wordClass != .diacritic && wordClass != .mark { baseClass = wordClass.rawValue }
        if entry.composesWithPrevious && position > characterOutput,
          let end = compose(
            entry,
            scalar,
            table: table,
            character: characterOutput..<position,
            at: characterStart,
            into: output,
            recordsOffsets: recordsOffsets
          )
        {
          position = end
          continue
        }
        let flag = wordClass == .separator ? FoldFlags.separator.rawValue : 0
        position = emit(
          entry,
          scalarBytes,
          flag: flag,
          at: characterStart,
          table: table,
          into: output,
          position: position,
          recordsOffsets: recordsOffsets
        )
        continue
      }

      // A new character. A mark with nothing to attach to counts as a symbol.
      var classValue = UInt8(truncatingIfNeeded: entry.rawValue & 0x0F)
      if classValue == WordClass.diacritic.rawValue || classValue == WordClass.mark.rawValue {
        classValue = WordClass.other.rawValue
      }
      characterStart = Int32(truncatingIfNeeded: index &- length)
      characterOutput = position
      baseClass = classValue
      if classValue == lower && previousClass == upper && classBeforePrevious == upper {
        outFlags[previousOutput] |= wordStart
      }
      let flag = transitions[Int(truncatingIfNeeded: previousClass &<< 4 | classValue)]
      previousOutput = position
      classBeforePrevious = previousClass
      previousClass = classValue
      position = emit(
        entry,
        scalarBytes,
        flag: flag,
        at: characterStart,
        table: table,
        into: output,
        position: position,
        recordsOffsets: recordsOffsets
      )
    }
    return position
  }

  /// Writes the folded form of one scalar: a separator byte, its mapping from the table, or its own bytes.
  ///
  /// - Returns: The output position after it.
  @inline(__always)
  private static func emit(
    _ entry: FoldEntry,
    _ scalarBytes: UnsafeBufferPointer<UInt8>,
    flag: UInt8,
    at characterStart: Int32,
    table: FoldTable,
    into output: Output,
    position: Int,
    recordsOffsets: Bool
  ) -> Int {
    if entry.wordClass == .separator {
      guard position < output.capacity else { return position }
      output.bytes[position] = TextFolder.separator
      output.flags[position] = flag
      if recordsOffsets { output.offsets.unsafelyUnwrapped[position] = characterStart }
      return position + 1
    }
    if entry.mappingIndex != 0 {
      let range = table.mappingRange(entry.mappingIndex)
      return put(
        UnsafeBufferPointer(rebasing: table.mappingBytes[range]),
        flag: flag,
        at: characterStart,
        into: output,
        position,
        recordsOffsets
      )
    }
    // The scalar itself: its lead byte gets the flag, the others are continuation bytes.
    guard position + scalarBytes.count <= output.capacity else { return position }
    var next = position
    for byte in scalarBytes {
      output.bytes[next] = byte
      output.flags[next] = next == position ? flag : FoldFlags.continuation.rawValue
      if recordsOffsets { output.offsets.unsafelyUnwrapped[next] = characterStart }
      next &+= 1
    }
    return next
  }

  /// Writes folded UTF-8 whose first byte gets `flag` and whose continuation bytes get ``FoldFlags/continuation``.
  ///
  /// - Returns: The output position after it.
  @inline(__always)
  private static func put(
    _ utf8: UnsafeBufferPointer<UInt8>,
    flag: UInt8,
    at characterStart: Int32,
    into output: Output,
    _ start: Int,
    _ recordsOffsets: Bool
  ) -> Int {
    guard start + utf8.count <= output.capacity else { return start }
    var position = start
    var first = true
    for byte in utf8 {
      output.bytes[position] = byte
      if byte & 0xC0 == 0x80 {
        output.flags[position] = FoldFlags.continuation.rawValue
      } else {
        output.flags[position] = first ? flag : 0
        first = false
      }
      if recordsOffsets { output.offsets.unsafelyUnwrapped[position] = characterStart }
      position += 1
    }
    return position
  }

  /// Composes `scalar` (or the single scalar it folds to) with the last starter of the current character, as NFC
  /// would: the starter is the last folded scalar with canonical combining class 0, and every mark between them
  /// must have a lower, non-zero class. "カ" + U+3099 → "ガ"; "ক" + U+09C7 + U+09BE → "ক" + U+09CB.
  ///
  /// - Returns: The output position after the character when it composed (then `scalar` is consumed), else `nil`.
  private static func compose(
    _ entry: FoldEntry,
    _ scalar: UInt32,
    table: FoldTable,
    character: Range<Int>,
    at characterStart: Int32,
    into output: Output,
    recordsOffsets: Bool
  ) -> Int? {
    var second = scalar
    if entry.mappingIndex != 0 {
      let range = table.mappingRange(entry.mappingIndex)
      guard let decoded = decodeScalar(table.mappingBytes, at: range.lowerBound) else { return nil }
      second = decoded
    }
    let written = UnsafeBufferPointer(start: output.bytes, count: character.upperBound)
    let secondClass = combiningClass(second)
    var end = character.upperBound
    var highestBetween: UInt8 = 0
    while end > character.lowerBound {
      var start = end - 1
      while start > character.lowerBound && written[start] & 0xC0 == 0x80 { start -= 1 }
      guard let first = decodeScalar(written, at: start) else { return nil }
      let firstClass = combiningClass(first)
      guard firstClass == 0 else {
        highestBetween = max(highestBetween, firstClass)
        end = start
        continue
      }
      guard end == character.upperBound || (secondClass != 0 && highestBetween < secondClass),
        let composite = table.composition(of: first, second), let compositeScalar = Unicode.Scalar(composite)
      else { return nil }
      // Replace the starter, keep the marks after it.
      let tail = Array(written[end...])
      let flag = output.flags[start] & ~FoldFlags.continuation.rawValue
      guard start + compositeScalar.utf8.count + tail.count <= output.capacity else { return nil }
      var position = start
      for byte in compositeScalar.utf8 {
        output.bytes[position] = byte
        output.flags[position] = position == start ? flag : FoldFlags.continuation.rawValue
        if recordsOffsets { output.offsets.unsafelyUnwrapped[position] = characterStart }
        position += 1
      }
      for byte in tail {
        output.bytes[position] = byte
        output.flags[position] = byte & 0xC0 == 0x80 ? FoldFlags.continuation.rawValue : 0
        if recordsOffsets { output.offsets.unsafelyUnwrapped[position] = characterStart }
        position += 1
      }
      return position
    }
    return nil
  }

  /// The canonical combining class of a scalar (0 for starters).
  private static func combiningClass(_ value: UInt32) -> UInt8 {
    guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return 0 }
    return UInt8(truncatingIfNeeded: scalar.properties.canonicalCombiningClass.rawValue)
  }

  /// Decodes the UTF-8 scalar starting at `index` of `utf8`.
  private static func decodeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
    guard index < utf8.count else { return nil }
    let lead = utf8[index]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard index + length <= utf8.count else { return nil }
    var scalar = UInt32(length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07)
    for next in index + 1..<index + length { scalar = scalar << 6 | UInt32(utf8[next] & 0x3F) }
    return scalar
  }
}
