/// The QWERTY neighbours of each lowercase letter and digit: the keys a finger slips onto.
enum KeyboardLayout {
  private static let rows: [[Character]] = [
    Array("1234567890"), Array("qwertyuiop"), Array("asdfghjkl"), Array("zxcvbnm"),
  ]

  /// The keys next to `key` (same row, and the two nearest keys of the rows above and below), or none when
  /// `key` is not on the layout.
  static func neighbours(of key: Character) -> [Character] {
    for (row, keys) in rows.enumerated() {
      guard let column = keys.firstIndex(of: key) else { continue }
      var result: [Character] = []
      if column > 0 { result.append(keys[column - 1]) }
      if column + 1 < keys.count { result.append(keys[column + 1]) }
      // Staggered rows: the keys above sit half a key to the right, the keys below half a key to the left.
      if row > 0 {
        let above = rows[row - 1]
        for c in [column, column + 1] where c < above.count && row - 1 > 0 { result.append(above[c]) }
      }
      if row + 1 < rows.count {
        let below = rows[row + 1]
        for c in [column - 1, column] where c >= 0 && c < below.count { result.append(below[c]) }
      }
      return result
    }
    return []
  }
}
