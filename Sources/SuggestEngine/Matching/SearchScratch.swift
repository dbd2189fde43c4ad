/// The working memory of searches, kept from one search to the next by whoever runs them. A daemon's search worker
/// keeps one, so a stream of searches reuses its match sets (each as large as the catalog, in bits) and each scan
/// chunk's selections and match words, instead of allocating and zeroing them per search.
///
/// It keeps no more than the sets of the largest of the last two searches asked for, so a worker's kept memory is
/// about one search's working memory.
///
/// A value: lend it to one search at a time (`inout`). A buffer given back while something else still shares it
/// (a set the field's session kept) is copied on its next use, never written in place.
public struct SearchScratch: Sendable {
  /// Free bitset buffers.
  private var buffers: [[UInt64]] = []
  /// Free memory of scan chunks.
  private var chunks: [ChunkScratch] = []
  /// The bytes of `buffers` (their capacity).
  private var bufferBytes = 0
  /// The bytes of the sets the current search took (their capacity), and the previous one.
  private var demand = 0
  private var previousDemand = 0

  /// The most free buffers kept: the sets of a search of a few words over two segments.
  static let bufferLimit = 32
  /// The most free chunk memories kept: a scan's chunks of a catalog of a few million items.
  static let chunkLimit = 128

  /// Whether the searches lent this memory leave the sets they collect from their segments' indexes (word-prefix
  /// and typo sets) in the segments' memos for the next keystrokes, as a typist's searches should. A search of a
  /// one-off field (one of a burst of thousands) has no next keystroke: its sets would only push a typist's out of
  /// the memos and hold memory. Sets kept already are used either way, and results are the same.
  public var keepsSetsForNextKeystrokes = true

  /// Creates empty working memory; it grows to what the searches it serves need.
  public init() {}

  /// The bytes of the free buffers kept (their capacity).
  public var keptBytes: Int {
    bufferBytes
      + chunks.reduce(0) { $0 + $1.matchWords.capacity * 8 + ($1.top.capacity + $1.exacts.capacity) * 24 }
  }

  /// The addresses of the free buffers kept, to tell a reused buffer from a new one (tests).
  var bufferAddresses: Set<UInt> {
    Set(buffers.map { buffer in buffer.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
  }

  /// Starts a search: what it asks for sets the memory kept after it.
  mutating func beginSearch() {
    // What neither of the last two searches asked for goes, largest first: a buffer no set of theirs fitted (one
    // of a larger segment, before an edit) would otherwise be kept for good.
    let allowance = max(previousDemand, demand)
    while bufferBytes > allowance,
      let largest = buffers.indices.max(by: { buffers[$0].capacity < buffers[$1].capacity })
    {
      bufferBytes -= buffers.swapRemove(at: largest).capacity * 8
    }
    previousDemand = demand
    demand = 0
  }

  /// An empty set for members `0..<count`, in a free buffer when one is kept.
  mutating func emptySet(count: Int) -> Bitset { set(count: count, full: false) }

  /// A set of every member of `0..<count`, in a free buffer when one is kept.
  mutating func fullSet(count: Int) -> Bitset { set(count: count, full: true) }

  private mutating func set(count: Int, full: Bool) -> Bitset {
    let set = Bitset(count: count, full: full, storage: takeBuffer(words: (count + 63) >> 6))
    demand += set.words.capacity * 8
    return set
  }

  /// Keeps `set`'s memory for a later search.
  mutating func recycle(_ set: consuming Bitset) {
    recycle(words: set.takeStorage())
  }

  /// Keeps the memory of `sets` for a later search.
  mutating func recycle(_ sets: [Bitset]) {
    for set in sets { recycle(set) }
  }

  /// Keeps `words`' memory for a later search (once: a buffer kept already is not kept twice).
  mutating func recycle(words: consuming [UInt64]) {
    let bytes = words.capacity * 8
    guard bytes > 0, buffers.count < Self.bufferLimit, bufferBytes + bytes <= max(demand, previousDemand) else {
      return
    }
    let address = words.withUnsafeBufferPointer { $0.baseAddress }
    guard !buffers.contains(where: { $0.withUnsafeBufferPointer { $0.baseAddress } == address }) else { return }
    buffers.append(words)
    bufferBytes += bytes
  }

  /// The smallest free buffer of `count` to twice `count` words, or an empty one when none fits: a smaller one
  /// would be reallocated anyway (and growing kept buffers would make every one as large as the largest set), a
  /// much larger one is better kept for a set of its size.
  private mutating func takeBuffer(words count: Int) -> [UInt64] {
    var best: Int?
    for (index, buffer) in buffers.enumerated() where buffer.capacity >= count && buffer.capacity <= 2 * count + 8 {
      if let current = best, buffers[current].capacity <= buffer.capacity { continue }
      best = index
    }
    guard let best else { return [] }
    bufferBytes -= buffers[best].capacity * 8
    return buffers.swapRemove(at: best)
  }

  /// `count` chunk memories, kept ones first.
  mutating func takeChunks(_ count: Int) -> [ChunkScratch] {
    var taken: [ChunkScratch] = []
    taken.reserveCapacity(count)
    while taken.count < count, let chunk = chunks.popLast() { taken.append(chunk) }
    while taken.count < count { taken.append(ChunkScratch()) }
    return taken
  }

  /// Keeps a chunk's memory for a later search.
  mutating func recycle(_ chunk: consuming ChunkScratch) {
    guard chunks.count < Self.chunkLimit else { return }
    chunks.append(chunk)
  }
}

extension Array {
  /// Removes and returns the element at `index`, moving the last element into its place: O(1), order not kept.
  fileprivate mutating func swapRemove(at index: Int) -> Element {
    swapAt(index, count - 1)
    return removeLast()
  }
}
