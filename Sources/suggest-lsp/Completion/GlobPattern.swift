/// A file pattern of the completion configuration: `*` matches any run of characters but `/`, `**` any run
/// including `/`, `?` one character but `/`; everything else matches itself.
///
/// A pattern without `/` is matched against the file's name (`requirements*.txt`), one with `/` against its whole
/// path (`**/docs/*.md`).
struct GlobPattern: Hashable, Sendable {
  /// The pattern as written.
  let pattern: String
  private let characters: [Character]

  /// Creates a pattern.
  init(_ pattern: String) {
    self.pattern = pattern
    self.characters = Array(pattern)
  }

  /// Whether the document at `path` (a file path, or a URI's path) matches.
  func matches(path: String) -> Bool {
    let subject: Substring
    if characters.contains("/") {
      subject = Substring(path)
    } else {
      subject = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
    }
    return Self.match(characters[...], Array(subject)[...])
  }

  /// Backtracking match; patterns are short, so the worst case stays small.
  private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case "*":
      let isDouble = pattern.dropFirst().first == "*"
      let rest = pattern.dropFirst(isDouble ? 2 : 1)
      // `**/` also matches no directory at all.
      if isDouble, rest.first == "/", match(rest.dropFirst(), text) { return true }
      var index = text.startIndex
      while true {
        if match(rest, text[index...]) { return true }
        guard index < text.endIndex, isDouble || text[index] != "/" else { return false }
        index += 1
      }
    case "?":
      guard let character = text.first, character != "/" else { return false }
      return match(pattern.dropFirst(), text.dropFirst())
    default:
      guard text.first == first else { return false }
      return match(pattern.dropFirst(), text.dropFirst())
    }
  }
}
