import Foundation
import Testing

/// The parsing cases of Nicolas Seriot's JSONTestSuite (MIT licence, `Fixtures/JSONTestSuite/LICENSE`), shipped as
/// test resources: `y_` must be accepted, `n_` rejected, `i_` is left to the implementation.
enum JSONTestSuite {
  /// One test file.
  struct Case: CustomTestStringConvertible, Sendable {
    /// The file name, e.g. `y_array_empty.json`.
    let name: String
    /// The file's bytes.
    let bytes: [UInt8]

    var testDescription: String { name }
  }

  /// Every case, sorted by name.
  static let cases: [Case] = {
    guard let directory = Bundle.module.url(forResource: "JSONTestSuite", withExtension: nil, subdirectory: "Fixtures"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
        return nil
      }
      return Case(name: name, bytes: Array(data))
    }
  }()

  /// The cases whose name starts with `prefix` (`"y_"`, `"n_"` or `"i_"`).
  static func cases(_ prefix: String) -> [Case] {
    cases.filter { $0.name.hasPrefix(prefix) }
  }
}
