/// Which keys of a QWERTY keyboard are neighbours: the same row's next keys, and the two nearest keys of the rows
/// above and below (the rows are staggered, each half a key to the left of the one above). The one layout both the
/// ranking (``TwoLetterTypo``) and the quality generator's error model read.
public enum KeyboardNeighbours {
  private static let rows: [[UInt8]] = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"].map { Array($0.utf8) }

  /// The neighbours of each key (indexed by byte): left, right, then the row above, then the row below.
  private static let table: [[UInt8]] = {
    var table = [[UInt8]](repeating: [], count: 256)
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
        table[Int(key)] = near
      }
    }
    return table
  }()

  /// The keys next to `key` (a lowercase ASCII letter or digit): left, right, the two nearest of the row above, the
  /// two nearest of the row below; none for a byte not on the layout.
  public static func neighbours(of key: UInt8) -> [UInt8] {
    table[Int(key)]
  }

  /// Whether `a` and `b` are neighbouring keys (folded text is lowercase; other bytes have no neighbours).
  @inline(__always) static func areAdjacent(_ a: UInt8, _ b: UInt8) -> Bool {
    neighbourBits(of: a) & bit(of: b) != 0
  }

  /// The bit of `key` among the layout's keys (0 for a byte not on it): `neighbourBits(of: a) & bit(of: b)` tells
  /// whether `a` and `b` are neighbours, for loops that compare one key with many.
  @inline(__always) static func bit(of key: UInt8) -> UInt64 { keyBits[Int(key)] }

  /// The bits (``bit(of:)``) of the neighbours of `key`.
  @inline(__always) static func neighbourBits(of key: UInt8) -> UInt64 { adjacency[Int(key)] }

  /// One bit per key of the layout, by byte (0 for a byte not on it).
  private static let keyBits: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 256)
    for (index, key) in rows.joined().enumerated() { bits[Int(key)] = 1 << UInt64(index) }
    return bits
  }()

  /// The bits (``keyBits``) of each key's neighbours, by byte: what the edit-distance loops read.
  private static let adjacency: [UInt64] = table.map { near in near.reduce(0) { $0 | keyBits[Int($1)] } }
}
