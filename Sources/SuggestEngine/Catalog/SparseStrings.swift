/// Optional strings for a few of a segment's items (completions, icons): only present values cost memory.
struct SparseStrings: Sendable, Equatable {
  /// Slots that have a value, increasing.
  private(set) var slots: [Int32] = []
  /// The values, in the order of `slots`.
  private(set) var values = ByteColumn()

  /// Creates an empty set of values.
  init() {}

  /// Strings from their stored parts (a snapshot's sections): the increasing slots and their values.
  init(slots: [Int32], values: ByteColumn) {
    self.slots = slots
    self.values = values
  }

  /// Records `value` for `slot`; slots must be added in increasing order.
  mutating func append(_ value: String?, slot: Int) {
    guard let value else { return }
    slots.append(Int32(slot))
    values.append(value)
  }

  /// Appends the values of `other`, whose slots all come after this one's once `slotOffset` is added.
  mutating func append(contentsOf other: SparseStrings, slotOffset: Int) {
    let shift = Int32(truncatingIfNeeded: slotOffset)
    slots.append(contentsOf: other.slots.lazy.map { $0 + shift })
    values.append(contentsOf: other.values)
  }

  /// The value of `slot`, if it has one.
  ///
  /// - Complexity: O(log *n*) for *n* present values.
  func value(_ slot: Int) -> String? {
    position(of: slot).map { values.string($0) }
  }

  /// The value of `slot`, if it has one, read as ``ByteColumn/copiedString(_:)`` does (for the items a result shows).
  func copiedValue(_ slot: Int) -> String? {
    position(of: slot).map { values.copiedString($0) }
  }

  /// The position of `slot` in ``slots``, if it has a value.
  private func position(of slot: Int) -> Int? {
    var low = 0
    var high = slots.count
    while low < high {
      let mid = (low + high) >> 1
      if Int(slots[mid]) < slot { low = mid + 1 } else { high = mid }
    }
    guard low < slots.count, Int(slots[low]) == slot else { return nil }
    return low
  }
}
