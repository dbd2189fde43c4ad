/// A queue per priority, served most urgent first, each in arrival order (``ScanThreads``' waiting jobs).
///
/// Few priorities are ever used at once (a search, a follow-up in the background), so the queues are kept in a small
/// array in order of priority and found by a linear search.
struct PriorityQueue<Element> {
  /// The queues by priority, highest first; each keeps the elements from `head` on.
  private var queues: [(priority: UInt8, elements: [Element], head: Int)] = []

  /// Whether no element waits.
  var isEmpty: Bool { !queues.contains { $0.head < $0.elements.count } }

  /// Adds `element` after the others of `priority` (higher is more urgent).
  mutating func append(_ element: Element, priority: UInt8) {
    if let index = queues.firstIndex(where: { $0.priority == priority }) {
      queues[index].elements.append(element)
    } else {
      let index = queues.firstIndex { $0.priority < priority } ?? queues.count
      queues.insert((priority, [element], 0), at: index)
    }
  }

  /// Removes and returns the first element of the highest priority that has one.
  ///
  /// - Complexity: O(priorities), amortised.
  mutating func popFirst() -> Element? {
    guard let index = queues.firstIndex(where: { $0.head < $0.elements.count }) else { return nil }
    let element = queues[index].elements[queues[index].head]
    queues[index].head += 1
    if queues[index].head == queues[index].elements.count {
      // Drained: the storage is kept for the next burst of jobs.
      queues[index].elements.removeAll(keepingCapacity: true)
      queues[index].head = 0
    }
    return element
  }
}
