/// Keeps the `capacity` smallest elements seen so far in a bounded max-heap: O(log k) per insertion, no full sort.
struct TopK<Element: Comparable> {
  /// The most elements kept.
  let capacity: Int
  /// The heap: the largest kept element at index 0.
  private(set) var heap: [Element] = []

  /// Creates an empty selection of at most `capacity` elements.
  init(capacity: Int) {
    self.init(capacity: capacity, storage: [])
  }

  /// Creates an empty selection of at most `capacity` elements in `storage`'s memory (its contents are dropped).
  init(capacity: Int, storage: consuming [Element]) {
    self.capacity = max(0, capacity)
    storage.removeAll(keepingCapacity: true)
    storage.reserveCapacity(min(self.capacity, 1024))
    heap = storage
  }

  /// The selection's memory (its elements in heap order), given up for reuse.
  consuming func takeStorage() -> [Element] { heap }

  /// Whether `capacity` elements are kept (a new element must beat ``worst`` to enter).
  var isFull: Bool { heap.count >= capacity }

  /// The largest kept element.
  var worst: Element? { heap.first }

  /// The number of kept elements.
  var count: Int { heap.count }

  /// Offers `element`; returns whether it was kept.
  ///
  /// - Complexity: O(log *k*).
  @discardableResult
  mutating func insert(_ element: Element) -> Bool {
    guard capacity > 0 else { return false }
    if heap.count < capacity {
      heap.append(element)
      siftUp(heap.count - 1)
      return true
    }
    guard element < heap[0] else { return false }
    heap[0] = element
    siftDown(0)
    return true
  }

  /// The kept elements, smallest first.
  ///
  /// - Complexity: O(*k* log *k*).
  func sorted() -> [Element] { heap.sorted() }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) >> 1
      guard heap[parent] < heap[child] else { return }
      heap.swapAt(parent, child)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    let count = heap.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { return }
      var largest = left
      let right = left + 1
      if right < count && heap[left] < heap[right] { largest = right }
      guard heap[parent] < heap[largest] else { return }
      heap.swapAt(parent, largest)
      parent = largest
    }
  }
}
