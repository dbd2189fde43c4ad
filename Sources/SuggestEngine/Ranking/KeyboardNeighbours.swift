/// Which keys of a QWERTY keyboard are neighbours: the same row's next keys, and the two nearest keys of the rows
/// above and below (the rows are staggered, each half a key to the left of the one above).
enum KeyboardNeighbours {
  private static let rows: [[UInt8]] = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"].map { Array($0.utf8) }

  /// For each byte, a bit per neighbouring key: bit *k* for byte `order[k]`.
  private static let order: [UInt8] = rows.flatMap { $0 }

  /// The neighbours of each key (indexed by byte), as bits over ``order``.
  private static let masks: [UInt64] = {
    var masks = [UInt64](repeating: 0, count: 256)
    func bit(_ key: UInt8) -> UInt64 { order.firstIndex(of: key).map { 1 << UInt64($0) } ?? 0 }
    for (row, keys) in rows.enumerated() {
      for (column, key) in keys.enumerated() {
        var near: [UInt8] = []
        if column > 0 { near.append(keys[column - 1]) }
        if column + 1 < keys.count { near.append(keys[column + 1]) }
        if row > 0 {
          for c in [column, column + 1] where c < rows[row - 1].count { near.append(rows[row - 1][c]) }
        }
        if row + 1 < rows.count {
          for c in [column - 1, column] where c >= 0 && c < rows[row + 1].count { near.append(rows[row + 1][c]) }
        }
        for other in near { masks[Int(key)] |= bit(other) }
      }
    }
    return masks
  }()

  /// The neighbouring keys of `key`, in layout order (none for a byte not on the layout).
  static func neighbours(of key: UInt8) -> [UInt8] {
    order.indices.filter { masks[Int(key)] >> UInt64($0) & 1 != 0 }.map { order[$0] }
  }

  /// Whether `a` and `b` are neighbouring keys (folded text is lowercase; other bytes have no neighbours).
  static func areAdjacent(_ a: UInt8, _ b: UInt8) -> Bool {
    guard let index = order.firstIndex(of: b) else { return false }
    return masks[Int(a)] >> UInt64(index) & 1 != 0
  }
}
