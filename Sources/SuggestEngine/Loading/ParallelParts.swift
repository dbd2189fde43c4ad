import JSONKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a decoding job into parts run concurrently (structured: a task group the caller awaits).
enum ParallelParts {
  /// The smallest part worth a task of its own.
  static let minimumPartBytes = 1 << 20

  /// How many parts `byteCount` bytes of work are split into: one per online core (at most 8), each at least
  /// ``minimumPartBytes``.
  static func count(forBytes byteCount: Int) -> Int {
    let cores = max(1, min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    return max(1, min(cores, byteCount / minimumPartBytes))
  }

  /// The size of the parts a file is decoded in when each is built as soon as it is decoded
  /// (``CatalogStreamBuilder``): small enough that the parts in flight hold little, large enough that joining
  /// their indexes stays cheap.
  static let streamedPartBytes = 4 << 20

  /// How many parts `byteCount` bytes are decoded in when each is built as soon as it is decoded: parts of about
  /// `partBytes`, and at least one per core.
  static func streamedCount(forBytes byteCount: Int, partBytes: Int = streamedPartBytes) -> Int {
    let size = max(1, partBytes)
    return max(count(forBytes: byteCount), (byteCount + size / 2) / size)
  }

  /// Splits `range` into at most `parts` ranges that each start at the beginning of a line.
  ///
  /// - Returns: Consecutive, non-empty ranges covering `range` (a single range when it has too few lines).
  static func splitAtLines(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, parts: Int) -> [Range<Int>] {
    guard parts > 1, !range.isEmpty else { return [range] }
    var result: [Range<Int>] = []
    var start = range.lowerBound
    for part in 1..<parts {
      let target = range.lowerBound + range.count * part / parts
      guard target > start else { continue }
      let newline = ByteScan.firstIndex(of: ByteSearch.lineFeed, in: bytes, from: target, to: range.upperBound)
      guard newline < range.upperBound else { break }
      result.append(start..<(newline + 1))
      start = newline + 1
    }
    if start < range.upperBound { result.append(start..<range.upperBound) }
    return result.isEmpty ? [range] : result
  }

  /// Runs `body` for each part index concurrently and returns the results in part order.
  ///
  /// One part runs inline, without a task.
  static func map<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) async -> [Result] {
    guard count > 1 else { return count == 1 ? [body(0)] : [] }
    return await withTaskGroup(of: (Int, Result).self) { group in
      for part in 0..<count {
        group.addTask { (part, body(part)) }
      }
      var results: [Result?] = Array(repeating: nil, count: count)
      for await (part, result) in group { results[part] = result }
      return results.compactMap { $0 }
    }
  }
}
