import Foundation
import Locking
import SuggestEngine
import TestSupport

/// `suggest-bench folding [pypi.tsv | pypi.tsv.xz]`: folding throughput at catalog load and per query.
///
/// Folds every name and summary of the PyPI catalog the way a catalog load does
/// (``TextFolder/append(folding:to:flags:)`` into shared storage), then with offsets (``TextFolder/fold(_:)``, the
/// query and highlight path), then a synthetic catalog with no ASCII at all, then the PyPI texts on two threads at
/// once. Reports MB/s of original UTF-8.
enum FoldingBenchmark {
  static func run(arguments: [String]) {
    let start = cpuTime(CLOCK_THREAD_CPUTIME_ID)
    let first = TextFolder.fold("Crème Brûlée")
    print("first fold, which builds the fold table: \(fmt((cpuTime(CLOCK_THREAD_CPUTIME_ID) - start) * 1000)) ms CPU")
    precondition(first.bytes == Array("creme brulee".utf8))
    var texts: [String] = []
    if let path = arguments.first {
      guard let loaded = loadPyPI(path: path) else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        exit(1)
      }
      texts = loaded
      report("PyPI names + summaries", texts)
    } else {
      print("no catalog path given: synthetic data only (pass ../shared/corpora/pypi.tsv.xz for PyPI)")
    }
    report("synthetic, no ASCII at all", syntheticNonASCII(megabytes: 30))
    report("synthetic, accented Latin words", syntheticAccented(megabytes: 30))
    if !texts.isEmpty { reportTwoThreads("PyPI names + summaries", texts) }
  }

  /// The names (column 1) and summaries (column 5) of the PyPI TSV, decompressed with `xz -dc` when needed
  /// (``BenchmarkCatalog/contents(of:)``).
  static func loadPyPI(path: String) -> [String]? {
    guard let data = try? BenchmarkCatalog.contents(of: path) else { return nil }
    var texts: [String] = []
    let text = String(decoding: data, as: UTF8.self)
    for line in text.split(separator: "\n").dropFirst() {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      if let name = columns.first { texts.append(String(name)) }
      if columns.count > 4, !columns[4].isEmpty { texts.append(String(columns[4])) }
    }
    return texts
  }

  /// Times folding `texts` at load (append) and with offsets (fold), best of 5 runs.
  static func report(_ label: String, _ texts: [String]) {
    let totalBytes = texts.reduce(0) { $0 + $1.utf8.count }
    let nonASCII = texts.reduce(0) { $0 + $1.utf8.count { $0 >= 0x80 } }
    var copied = 0
    let copy = best(of: 5) {
      var bytes: [UInt8] = []
      for text in texts { bytes.append(contentsOf: text.utf8) }
      copied = bytes.count
    }
    var foldedBytes = 0
    let load = best(of: 5) {
      var bytes: [UInt8] = []
      var flags: [UInt8] = []
      for text in texts { TextFolder.append(folding: text, to: &bytes, flags: &flags) }
      foldedBytes = bytes.count
    }
    var checksum = 0
    let withOffsets = best(of: 3) {
      for text in texts { checksum &+= TextFolder.fold(text).sourceUTF8Offsets.count }
    }
    let megabytes = Double(totalBytes) / 1_000_000
    print(
      """
      \(label): \(texts.count) texts, \(fmt(megabytes)) MB (\(fmt(100 * Double(nonASCII) / Double(max(totalBytes, 1))))% \
      non-ASCII bytes) → \(fmt(Double(foldedBytes) / 1_000_000)) MB folded
        (CPU time of one thread, best of 5)
        copy only (baseline):    \(fmt(copy * 1000)) ms = \(fmt(megabytes / copy)) MB/s  [\(copied % 10)]
        load (append, flags):    \(fmt(load * 1000)) ms = \(fmt(megabytes / load)) MB/s
        query (fold, offsets):   \(fmt(withOffsets * 1000)) ms = \(fmt(megabytes / withOffsets)) MB/s  [\(checksum % 10)]
      """
    )
  }

  /// Folds two halves of `texts` on two threads at once: the shared table must not slow either down.
  static func reportTwoThreads(_ label: String, _ texts: [String]) {
    let totalBytes = texts.reduce(0) { $0 + $1.utf8.count }
    let half = texts.count / 2
    let parts = [Array(texts[..<half]), Array(texts[half...])]
    let done = Locked(0)
    var processCPU = 0.0
    let elapsed = bestWall(of: 3) {
      let start = cpuTime(CLOCK_PROCESS_CPUTIME_ID)
      DispatchQueue.concurrentPerform(iterations: 2) { part in
        var bytes: [UInt8] = []
        var flags: [UInt8] = []
        for text in parts[part] { TextFolder.append(folding: text, to: &bytes, flags: &flags) }
        done.withLock { $0 += bytes.count }
      }
      processCPU = cpuTime(CLOCK_PROCESS_CPUTIME_ID) - start
    }
    let megabytes = Double(totalBytes) / 1_000_000
    print(
      "\(label), 2 threads: \(fmt(elapsed * 1000)) ms wall = \(fmt(megabytes / elapsed)) MB/s in all "
        + "(\(fmt(processCPU * 1000)) ms CPU)"
    )
  }

  /// Texts of words from Greek, Cyrillic, CJK, kana, Hangul, Devanagari, Arabic, accented Latin and emoji: no ASCII
  /// byte at all, separators are ideographic or no-break spaces.
  static func syntheticNonASCII(megabytes: Int) -> [String] {
    let alphabets: [[Character]] = [
      Array("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψωάέήίόύώς"),
      Array("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"),
      Array("日本語中文漢字東京大阪北京上海検索候補辞書変換入力"),
      Array("あいうえおかきくけこがぎぐげごアイウエオカキクケコガギグゲゴパピプペポーｱｲｳｴｵﾃﾞﾊﾟ"),
      Array("가나다라마바사아자차카타파하한국어검색"),
      Array("कखगघचछजझटठडढतथदधनपफबभमयरलवशषसहािीुूेैोौं्"),
      Array("ابتثجحخدذرزسشصضطظعغفقكلمنهوي"),
      Array("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßœłđ"),
      Array("😀😃👍🏽❤️👨‍👩‍👧🇫🇷🍕🚀"),
    ]
    var random = SplitMix64(seed: 42)
    var texts: [String] = []
    var total = 0
    while total < megabytes * 1_000_000 {
      var text = ""
      for word in 0..<Int.random(in: 1...6, using: &random) {
        if word > 0 { text += Bool.random(using: &random) ? "\u{3000}" : "\u{A0}" }
        let alphabet = alphabets[Int.random(in: 0..<alphabets.count, using: &random)]
        for _ in 0..<Int.random(in: 2...9, using: &random) {
          text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
        }
      }
      total += text.utf8.count
      texts.append(text)
    }
    return texts
  }

  /// Texts of Latin words where about one letter in five carries a diacritic: a catalog full of accented names.
  static func syntheticAccented(megabytes: Int) -> [String] {
    let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let accented = Array("àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßœłđÀÁÂÉÈÖÜÑŁ")
    var random = SplitMix64(seed: 7)
    var texts: [String] = []
    var total = 0
    while total < megabytes * 1_000_000 {
      var text = ""
      for word in 0..<Int.random(in: 1...6, using: &random) {
        if word > 0 { text += " " }
        for _ in 0..<Int.random(in: 2...9, using: &random) {
          let pool = Int.random(in: 0..<5, using: &random) == 0 ? accented : plain
          text.append(pool[Int.random(in: 0..<pool.count, using: &random)])
        }
      }
      total += text.utf8.count
      texts.append(text)
    }
    return texts
  }

  /// The shortest of `runs` timings of `body`, in seconds of this thread's CPU time (the machine is shared, so
  /// wall time would count other processes).
  static func best(of runs: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
      let start = cpuTime(CLOCK_THREAD_CPUTIME_ID)
      body()
      best = min(best, cpuTime(CLOCK_THREAD_CPUTIME_ID) - start)
    }
    return best
  }

  /// The shortest of `runs` wall-clock timings of `body`, in seconds.
  static func bestWall(of runs: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<runs {
      let elapsed = clock.measure(body)
      best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return best
  }

  static func cpuTime(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func fmt(_ value: Double) -> String {
    String(format: "%.1f", value)
  }
}
