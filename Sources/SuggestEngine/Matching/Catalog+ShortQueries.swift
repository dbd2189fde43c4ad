extension Catalog {
  /// The answer to `query` from ``ShortQueryAnswers``, searching and keeping it first if needed, or `nil` when the
  /// query is not one the store serves (the caller scans).
  ///
  /// An answer served from the store leaves `session` as it was: a later query still refines from whatever it holds
  /// when that is a prefix of it (``SearchSession`` checks). One computed here updates it as any search does.
  ///
  /// - Complexity: O(`limit`) when kept; else one search at ``ShortQueryAnswers/depth`` hits (or none, when the
  ///   query is not kept for this page: ``ShortQueryAnswers/keptOnDemand(_:capacity:)``).
  func shortQueryAnswer(
    _ query: SearchQuery,
    session: inout SearchSession,
    scratch: inout SearchScratch
  ) async throws -> SearchResult? {
    let prepared = PreparedQuery(query.text)
    guard let key = ShortQueryAnswers.key(query, prepared: prepared) else { return nil }
    let boosts = ShortQueryAnswers.effective(query.boosts)
    if let kept = shortAnswers.answer(key, boosts: boosts, positions: Self.positions(of: query)) { return kept }
    guard ShortQueryAnswers.keptOnDemand(prepared, capacity: query.offset + query.limit) else { return nil }
    var wide = query
    wide.offset = 0
    wide.limit = ShortQueryAnswers.depth
    wide.boosts = boosts
    let whole = try await fullSearch(wide, session: &session, scratch: &scratch)
    shortAnswers.keep(whole, for: key, boosts: boosts)
    return whole.page(at: Self.positions(of: query))
  }

  /// The result of `query` when it is a short query whose answer ``ShortQueryAnswers`` holds, without searching:
  /// what a caller that must not wait asks before it searches (the same result as ``search(_:session:)``).
  ///
  /// - Complexity: O(`limit`).
  public func keptAnswer(_ query: SearchQuery) -> SearchResult? {
    guard let key = ShortQueryAnswers.key(query, prepared: PreparedQuery(query.text)) else { return nil }
    return shortAnswers.answer(
      key,
      boosts: ShortQueryAnswers.effective(query.boosts),
      positions: Self.positions(of: query)
    )
  }

  /// Scans for `query` as if no answer were kept, only to leave its matches in `session`, so that the field's next,
  /// longer query refines them: what a field whose short query was answered from a kept answer (which leaves the
  /// session as it was) needs before its next keystroke.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled (the session is then left unchanged).
  /// - Complexity: that of one search.
  public func prepareRefinement(
    _ query: SearchQuery,
    session: inout SearchSession,
    scratch: inout SearchScratch
  ) async throws {
    _ = try await ScanThreads.shared.counting { try await fullSearch(query, session: &session, scratch: &scratch) }
  }

  /// The positions of the hits `query` asks for in a kept answer (its offset and limit are checked by
  /// ``ShortQueryAnswers/key(_:prepared:)``).
  private static func positions(of query: SearchQuery) -> Range<Int> {
    query.offset..<(query.offset + query.limit)
  }

  /// How many answers ``prepareShortQueries(_:prepared:)`` keeps decoded at most before it serves them as stored:
  /// about 5 MB on PyPI, where holding all 18,150 decoded took the preparation's peak from about 130 to 230 MB.
  static let preparedBatch = 1_000

  /// The characters ``prepareShortQueries(_:prepared:)`` prepares: ASCII letters and digits.
  private static let preparedCharacters = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

  /// The queries ``prepareShortQueries(_:prepared:)`` answers ahead: every ASCII letter and digit, then as many
  /// pairs, triples, runs of four and runs of five of them as `budgets` say, those that start the most live titles
  /// (folded), most first, then the starts with a separator after the first symbol ("py-", "ai-r", "p-as",
  /// "data-l"), written with `-`.
  ///
  /// - Complexity: O(*n* log *n*) for runs of five, else O(*n*).
  func shortQueriesToPrepare(_ budgets: ShortQueryBudgets) -> [String] {
    let alphabet = Self.preparedCharacters.count
    // Letters and digits by their place in `preparedCharacters` (`alphabet` for any other byte).
    var place = [Int](repeating: alphabet, count: 256)
    for (index, byte) in Self.preparedCharacters.enumerated() { place[Int(byte)] = index }
    // Per length (2, 3, 4), how many live titles begin with each start, by its code in base `alphabet`.
    var pairStarts = [UInt32](repeating: 0, count: alphabet * alphabet)
    var tripleStarts = [UInt32](repeating: 0, count: alphabet * alphabet * alphabet)
    var quadStarts = [UInt32](repeating: 0, count: alphabet * alphabet * alphabet * alphabet)
    // Runs of five are too many for a table (60 million codes): their codes, one per title, are sorted and counted.
    var quintCodes: [Int] = []
    if budgets.quints > 0 { quintCodes.reserveCapacity(base.count + delta.count) }
    for (segment, excluded) in [(base, baseDead), (delta, delta.shadowed)] {
      let bytes = segment.folded.bytes
      for slot in 0..<segment.count where !excluded.contains(slot) {
        let range = segment.folded.range(slot)
        guard range.count >= 2 else { continue }
        let first = place[Int(bytes[range.lowerBound])]
        let second = place[Int(bytes[range.lowerBound + 1])]
        guard first < alphabet && second < alphabet else { continue }
        let pair = first * alphabet + second
        pairStarts[pair] += 1
        guard range.count >= 3 else { continue }
        let third = place[Int(bytes[range.lowerBound + 2])]
        guard third < alphabet else { continue }
        let triple = pair * alphabet + third
        tripleStarts[triple] += 1
        guard range.count >= 4 else { continue }
        let fourth = place[Int(bytes[range.lowerBound + 3])]
        guard fourth < alphabet else { continue }
        let quad = triple * alphabet + fourth
        quadStarts[quad] += 1
        guard budgets.quints > 0, range.count >= 5 else { continue }
        let fifth = place[Int(bytes[range.lowerBound + 4])]
        if fifth < alphabet { quintCodes.append(quad * alphabet + fifth) }
      }
    }
    /// The start of `length` characters whose code is `code`, as text.
    func text(_ code: Int, length: Int) -> String {
      var code = code
      var text = [UInt8](repeating: 0, count: length)
      for index in text.indices.reversed() {
        text[index] = Self.preparedCharacters[code % alphabet]
        code /= alphabet
      }
      return String(decoding: text, as: UTF8.self)
    }
    /// The `count` most frequent starts of `length` characters, most first (ties in order), as text.
    func common(_ counts: [UInt32], _ count: Int, length: Int) -> [String] {
      guard count > 0, let most = counts.max(), most > 0 else { return [] }
      // The least frequency to sort, from a histogram of the frequencies: sorting every start seen (91,000 runs of
      // four on PyPI) took longer than reading the answers file at a later start.
      var withFrequency = [Int](repeating: 0, count: Int(most) + 1)
      for frequency in counts where frequency > 0 { withFrequency[Int(frequency)] += 1 }
      var least = Int(most)
      var taken = withFrequency[least]
      while taken < count && least > 1 {
        least -= 1
        taken += withFrequency[least]
      }
      return counts.indices.filter { Int(counts[$0]) >= least }.sorted { (counts[$0], $1) > (counts[$1], $0) }
        .prefix(count).map { text($0, length: length) }
    }
    /// The `count` most frequent runs of five, most first (ties in order), as text.
    func commonQuints(_ count: Int) -> [String] {
      quintCodes.sort()
      var runs: [(count: Int, code: Int)] = []
      var start = 0
      while start < quintCodes.count {
        var end = start + 1
        while end < quintCodes.count && quintCodes[end] == quintCodes[start] { end += 1 }
        runs.append((end - start, quintCodes[start]))
        start = end
      }
      return runs.sorted { ($0.count, $1.code) > ($1.count, $0.code) }.prefix(count).map { text($0.code, length: 5) }
    }
    let singles = Self.preparedCharacters.map { String(decoding: [$0], as: UTF8.self) }
    return singles + common(pairStarts, budgets.pairs, length: 2) + common(tripleStarts, budgets.triples, length: 3)
      + common(quadStarts, budgets.quads, length: 4) + commonQuints(budgets.quints)
      + separatedStarts(budgets.separated, place: place)
  }

  /// The `count` starts of two to six symbols (a letter or digit, or a run of separators), at most five of them
  /// letters or digits, with a separator after the first symbol, that begin the most live titles, most first (ties: the
  /// fewer symbols first, then in order of their symbols), written with `-` for a separator.
  ///
  /// - Parameters:
  ///   - count: How many to choose.
  ///   - place: Each byte's place in ``preparedCharacters`` (its count for any other byte).
  /// - Returns: The starts, most common first.
  private func separatedStarts(_ count: Int, place: [Int]) -> [String] {
    guard count > 0 else { return [] }
    let alphabet = Self.preparedCharacters.count
    let separator = alphabet
    // Few titles have a separator this early (a sixth of PyPI's): counted by code, in base `alphabet + 1`.
    var counts: [Int: Int] = [:]
    for (segment, excluded) in [(base, baseDead), (delta, delta.shadowed)] {
      let bytes = segment.folded.bytes
      for slot in 0..<segment.count where !excluded.contains(slot) {
        let range = segment.folded.range(slot)
        var code = 0
        var symbols = 0
        var hasSeparator = false
        var characters = 0
        var previous = separator
        for offset in range {
          let byte = bytes[offset]
          let symbol: Int
          if byte == TextFolder.separator {
            if previous == separator { continue }
            symbol = separator
          } else {
            symbol = place[Int(byte)]
            guard symbol < alphabet else { break }
          }
          if symbol != separator {
            characters += 1
            if characters > ShortQueryAnswers.maximumCharacters { break }
          }
          code = code * (alphabet + 1) + symbol
          symbols += 1
          previous = symbol
          hasSeparator = hasSeparator || symbol == separator
          if symbols >= 2 && hasSeparator { counts[code * 8 + symbols, default: 0] += 1 }
          if symbols == ShortQueryAnswers.maximumCharacters + 1 { break }
        }
      }
    }
    // The key is the code times 8 plus the number of symbols: ties go to the fewer symbols, then to the lower code.
    let chosen = counts.sorted { ($0.value, $1.key % 8, $1.key) > ($1.value, $0.key % 8, $0.key) }.prefix(count)
    return chosen.map { entry in
      var code = entry.key / 8
      var text: [UInt8] = []
      for _ in 0..<(entry.key % 8) {
        let symbol = code % (alphabet + 1)
        text.insert(symbol == separator ? UInt8(ascii: "-") : Self.preparedCharacters[symbol], at: 0)
        code /= alphabet + 1
      }
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// Answers the first keystrokes ahead of time: ``shortQueriesToPrepare(_:)`` in `smart` mode, with no tokens,
  /// scope or boosts (what a search field sends first), so that they are answered from the store when typed. Meant
  /// to run in the background after a snapshot is made; queries already kept are skipped. Once prepared, the answers
  /// are kept as stored (``StoredAnswers``), decoded per page served.
  ///
  /// A catalog that came unedited through a ``CatalogCache`` with a directory first takes the answers an earlier
  /// start kept beside its snapshot (``ShortAnswersFile``), and writes them there after preparing any it lacked: a
  /// later start answers its first keystrokes at once. The file records the budgets it was prepared with; a start
  /// that asks for the same ones takes it and is done, without working out the list of queries again.
  ///
  /// - Parameters:
  ///   - budgets: How many queries of each kind to prepare.
  ///   - prepared: Called after each query prepared (not after those read from the file): where a caller gives
  ///     back the memory a long preparation frees, as after a burst of searches.
  /// - Returns: How many answers came from the file and how many were prepared, and why the file was not used or
  ///   not written, if it was not.
  /// - Throws: `CancellationError` when the calling task is cancelled (checked between queries).
  /// - Complexity: one search per query not read from the file, most of them refining a shorter query's matches.
  @discardableResult
  public func prepareShortQueries(
    _ budgets: ShortQueryBudgets = .standard,
    prepared: () -> Void = {}
  ) async throws -> PreparedShortQueries {
    var report = PreparedShortQueries()
    let file = answersFile
    if let taken = shortAnswers.storedCount(complete: budgets.recorded) {
      // Taken before the catalog was served (``takeKeptShortQueries(_:)``).
      report.fromFile = taken
      return report
    }
    /// Keeps `answers`, all that `budgets` name, in the answers file (a failure is reported, not thrown).
    func keep(_ answers: StoredAnswers, in file: (path: String, identity: UInt64)) {
      do {
        try ShortAnswersFile.write(answers, identity: file.identity, budgets: budgets.recorded, toFile: file.path)
      } catch {
        report.problem = "answers file \(file.path): \(error)"
      }
    }
    // The file's answers, when it does not say that they are all these budgets name.
    var unsure: StoredAnswers?
    if let file {
      do {
        let stored = try heldOrReadAnswers(file)
        report.fromFile = stored.answers.count
        // A file prepared with these budgets holds every query they name: no need to work the list out again.
        if takeIfComplete(stored, budgets: budgets.recorded) { return report }
        shortAnswers.takeStored(stored.answers)
        unsure = stored.answers
      } catch .missing {
        // Not prepared before: nothing to report.
      } catch {
        report.problem = "answers file \(file.path) not used (\(error)); preparing the answers again"
      }
    }
    // Each answer is kept decoded, to be served at once, and encoded as a file stores it; every
    // ``preparedBatch`` answers the encoded ones are served as stored and the decoded copies dropped, so that the
    // preparation never holds thousands of answers decoded. A failure to encode stops the storing, not the preparing.
    var builder = StoredAnswers.Builder()
    var storing: SnapshotError?
    do throws(SnapshotError) {
      try shortAnswers.appendPrepared(to: &builder)
    } catch {
      storing = error
    }
    var scratch = SearchScratch()
    // In the order of their text, so that each query refines the matches of the longest of its prefixes prepared
    // just before it, as a field refines its previous keystroke's (``SearchSession``): the same answers as a scan of
    // each, for a quarter less work on PyPI. The stack holds those prefixes' sessions, shortest first.
    var prefixes: [(text: String, session: SearchSession)] = []
    for text in shortQueriesToPrepare(budgets).sorted() {
      try Task.checkCancellation()
      let query = SearchQuery(text: text, limit: ShortQueryAnswers.depth)
      guard let key = ShortQueryAnswers.key(query, prepared: PreparedQuery(text)), !shortAnswers.contains(key) else {
        continue
      }
      while let last = prefixes.last, !text.hasPrefix(last.text) { prefixes.removeLast() }
      var session = prefixes.last?.session ?? SearchSession()
      let refinedBefore = session.refinedSearches
      let result = try await ScanThreads.shared.counting {
        try await fullSearch(query, session: &session, scratch: &scratch)
      }
      shortAnswers.keep(result, for: key, boosts: [:], isPrepared: true)
      if session.refinedSearches > refinedBefore { report.refined += 1 }
      if storing == nil {
        do throws(SnapshotError) {
          try builder.append(key.joined, result)
          if builder.count.isMultiple(of: Self.preparedBatch) {
            shortAnswers.storePrepared(try builder.stored(indexBound: indexBound))
          }
        } catch {
          storing = error
        }
      }
      prefixes.append((text, session))
      report.prepared += 1
      prepared()
    }
    guard report.prepared > 0 else {
      // The file held every query, but did not say so: now it does, and the next start skips the list.
      if let file, let unsure { keep(unsure, in: file) }
      return report
    }
    // From now on every prepared answer is served as stored, as after a later start: decoded copies of a few
    // thousand answers would hold five times the memory.
    let stored: StoredAnswers
    do throws(SnapshotError) {
      if let storing { throw storing }
      stored = try builder.stored(indexBound: indexBound)
    } catch {
      report.problem = "prepared answers not stored (\(error))"
      return report
    }
    shortAnswers.storePrepared(stored)
    if let file {
      keep(stored, in: file)
      // Served from the file from now on, as after a later start: the prepared answers no longer take memory.
      if report.problem == nil,
        let kept = try? ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: indexBound),
        kept.answers.count == stored.count
      {
        shortAnswers.storePrepared(kept.answers)
      }
    }
    return report
  }

  /// Takes the answers an earlier start kept beside this catalog's snapshot (``ShortAnswersFile``) when the file says
  /// it holds every query these budgets name: a few milliseconds, where a scan of a one-letter query takes several.
  /// A daemon does it before it serves a catalog read from its snapshot, so that the first keystroke after a start is
  /// answered from the store; ``prepareShortQueries(_:prepared:)`` with the same budgets then has nothing left to do.
  /// A catalog read from its snapshot has the file read already, beside the snapshot (``CatalogSnapshot``).
  ///
  /// - Parameter budgets: How many queries of each kind the file must have been prepared for.
  /// - Returns: How many answers were taken: none when there is no such file, or when it is damaged, stale or was
  ///   prepared with other budgets (the preparation then reads it again, reports why, and prepares what it lacks).
  @discardableResult
  public func takeKeptShortQueries(_ budgets: ShortQueryBudgets = .standard) -> Int {
    guard let file = answersFile,
      let stored = try? heldOrReadAnswers(file),
      takeIfComplete(stored, budgets: budgets.recorded)
    else { return 0 }
    return stored.answers.count
  }

  /// The answers of the catalog's answers `file`: those read beside its snapshot and held there
  /// (``ShortQueryAnswers/hold(_:)``), taken, or else read from the file now.
  ///
  /// - Throws: ``SnapshotError`` as ``ShortAnswersFile/read(fromFile:identity:rankingVersion:indexBound:)`` does.
  private func heldOrReadAnswers(
    _ file: (path: String, identity: UInt64)
  ) throws(SnapshotError) -> (answers: StoredAnswers, budgets: [UInt64]) {
    if let held = shortAnswers.takeHeld() { return held }
    return try ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: indexBound)
  }

  /// Takes the answers of an answers file when it was prepared with `budgets`, so that it holds every query they
  /// name (and a preparation with them has nothing left to do).
  ///
  /// - Returns: Whether they were taken.
  private func takeIfComplete(_ stored: (answers: StoredAnswers, budgets: [UInt64]), budgets: [UInt64]) -> Bool {
    guard stored.budgets == budgets else { return false }
    shortAnswers.takeStored(stored.answers, budgets: budgets)
    return true
  }
}
