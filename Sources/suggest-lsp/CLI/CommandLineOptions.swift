import RPCKit
import SuggestEngine

/// The daemon's command line, parsed.
struct CommandLineOptions: Sendable, Equatable {
  /// Catalog files loaded at start (`--catalog PATH`, or `--catalog NAME=PATH` for a named catalog).
  var catalogs: [(name: String, path: String)] = []
  /// Where recents persist; `nil` keeps them in memory only.
  var stateDirectory: String?
  /// Where catalog snapshots are kept (`--cache-dir`); `nil` means the default directory.
  var cacheDirectory: String?
  /// Whether catalog snapshots are off (`--no-cache`).
  var noCache = false
  /// How input is framed.
  var framing: FramingMode = .auto
  /// The default debounce delay for search queries.
  var debounceMilliseconds = 0
  /// How many recent searches are kept per catalog.
  var maxRecents = 5
  /// How many likely next keystrokes a field's pause answers ahead (0: none).
  var lookahead = 12
  /// The largest message body accepted.
  var maxMessageBytes = 16 << 20
  /// The position encoding used when the client negotiates none.
  var positionEncoding: PositionEncoding = .utf16
  /// How much goes to stderr.
  var logLevel: Log.Level = .warning
  /// What to do instead of serving.
  var action: Action = .serve

  /// What the invocation asks for.
  enum Action: Sendable, Equatable {
    case serve
    case help
    case version
  }

  static func == (lhs: CommandLineOptions, rhs: CommandLineOptions) -> Bool {
    lhs.catalogs.elementsEqual(rhs.catalogs) { $0.name == $1.name && $0.path == $1.path }
      && lhs.stateDirectory == rhs.stateDirectory && lhs.cacheDirectory == rhs.cacheDirectory
      && lhs.noCache == rhs.noCache && lhs.framing == rhs.framing
      && lhs.debounceMilliseconds == rhs.debounceMilliseconds && lhs.maxRecents == rhs.maxRecents
      && lhs.lookahead == rhs.lookahead
      && lhs.maxMessageBytes == rhs.maxMessageBytes && lhs.positionEncoding == rhs.positionEncoding
      && lhs.logLevel == rhs.logLevel && lhs.action == rhs.action
  }
}

extension CommandLineOptions {
  /// Parses the arguments after the program name.
  ///
  /// Accepts `--flag value` and `--flag=value`.
  ///
  /// - Throws: ``CommandLineError`` naming the flag and what was expected.
  static func parse(_ arguments: [String]) throws(CommandLineError) -> CommandLineOptions {
    var options = CommandLineOptions()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      var flag = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(CommandLineError) -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.count else { throw CommandLineError(description: "\(flag) needs a value") }
        index += 1
        return arguments[index - 1]
      }
      switch flag {
      case "-h", "--help":
        options.action = .help
      case "--version":
        options.action = .version
      case "--catalog":
        let spec = try value()
        guard !spec.isEmpty else { throw CommandLineError(description: "--catalog needs a file path") }
        if let equals = spec.firstIndex(of: "="), !spec.hasPrefix("/"), !spec.hasPrefix(".") {
          let name = String(spec[..<equals])
          let path = String(spec[spec.index(after: equals)...])
          guard !name.isEmpty, !path.isEmpty else {
            throw CommandLineError(description: "--catalog expects PATH or NAME=PATH, got '\(spec)'")
          }
          options.catalogs.append((name, path))
        } else {
          options.catalogs.append(("default", spec))
        }
      case "--state-dir":
        let path = try value()
        guard !path.isEmpty else { throw CommandLineError(description: "--state-dir needs a directory path") }
        options.stateDirectory = path
      case "--cache-dir":
        let path = try value()
        guard !path.isEmpty else { throw CommandLineError(description: "--cache-dir needs a directory path") }
        options.cacheDirectory = path
      case "--no-cache":
        options.noCache = true
      case "--framing":
        let text = try value()
        guard let mode = FramingMode(rawValue: text) else {
          throw CommandLineError(description: "--framing expects auto, lsp or ndjson, got '\(text)'")
        }
        options.framing = mode
      case "--debounce-ms":
        options.debounceMilliseconds = try integer(flag, try value(), in: 0...60_000)
      case "--max-recents":
        options.maxRecents = try integer(flag, try value(), in: 0...10_000)
      case "--lookahead":
        options.lookahead = try integer(flag, try value(), in: 0...16)
      case "--max-message-bytes":
        options.maxMessageBytes = try integer(flag, try value(), in: 1_024...(1 << 30))
      case "--position-encoding":
        let text = try value()
        guard let encoding = PositionEncoding(rawValue: text) else {
          throw CommandLineError(description: "--position-encoding expects utf-8, utf-16 or utf-32, got '\(text)'")
        }
        options.positionEncoding = encoding
      case "--log-level":
        let text = try value()
        guard let level = Log.Level.named(text) else {
          throw CommandLineError(description: "--log-level expects off, error, warning, info or debug, got '\(text)'")
        }
        options.logLevel = level
      default:
        throw CommandLineError(description: "unknown option '\(argument)'")
      }
    }
    return options
  }

  private static func integer(
    _ flag: String,
    _ text: String,
    in range: ClosedRange<Int>
  ) throws(CommandLineError) -> Int {
    guard let number = Int(text), range.contains(number) else {
      throw CommandLineError(
        description: "\(flag) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
      )
    }
    return number
  }

  /// The snapshot cache the options ask for: none with `--no-cache`, else `--cache-dir` or the default directory.
  ///
  /// - Parameter environment: The process environment (for `XDG_CACHE_HOME` and `HOME`).
  /// - Returns: The cache.
  func catalogCache(environment: [String: String]) -> CatalogCache {
    CatalogCache(directory: noCache ? nil : cacheDirectory ?? CatalogCache.defaultDirectory(environment: environment))
  }

  /// The `--help` text.
  static let usage = """
    suggest-lsp — a search-suggestion daemon speaking JSON-RPC 2.0 on stdin/stdout.

    USAGE
      suggest-lsp [options]

    With no --catalog it serves a built-in demo catalog (34 Apple products). Requests come in on stdin as
    NDJSON (one JSON value per line) or with LSP Content-Length framing, detected from the first byte;
    replies go to stdout in the same framing. Logs go to stderr.

      echo '{"jsonrpc":"2.0","id":1,"method":"search/complete","params":{"query":"ip"}}' | suggest-lsp

    OPTIONS
      --catalog [NAME=]PATH     Load a catalog at start (.json, .jsonl/.ndjson, .tsv, .txt; .xz/.gz not
                                supported). NAME defaults to "default". Repeatable.
      --state-dir DIR           Persist recents in DIR (created if missing). Default: memory only.
      --cache-dir DIR           Keep index snapshots of catalog files in DIR (created if missing), so that
                                a later start or catalog/load of an unchanged file reads the built index
                                instead of rebuilding it, and the answers to its first keystrokes. A
                                catalog built afresh is served at once and its snapshot written after.
                                Default: $XDG_CACHE_HOME/suggest-lsp, else ~/.cache/suggest-lsp.
      --no-cache                Build every catalog from its file; read and write no snapshots or answers.
      --framing MODE            auto (default), lsp or ndjson.
      --debounce-ms N           Wait N ms before running a search query; a newer keystroke in the same
                                field supersedes it (default 0).
      --max-recents N           Recent searches kept per catalog (default 5).
      --lookahead N             In the pause after a search field's answer, answer ahead the N keystrokes
                                most likely to come next (read from the suggestions shown), so that a
                                right guess is answered at once (default 12; 0 turns it off; up to 16).
      --max-message-bytes N     Largest accepted message body (default 16777216).
      --position-encoding ENC   utf-16 (default), utf-8 or utf-32, for highlight offsets when the client
                                does not negotiate one in initialize.
      --log-level LEVEL         off, error, warning (default), info or debug.
      -h, --help                Show this help.
      --version                 Show the version.

    EXIT STATUS
      0 after shutdown+exit or at end of input; 1 on exit without shutdown; 2 on a bad command line or an
      unreadable catalog.

    Protocol reference: protocol.md in the source distribution.
    """
}

extension Log.Level {
  /// The level with a command-line name.
  static func named(_ name: String) -> Log.Level? {
    switch name {
    case "off": .off
    case "error": .error
    case "warning", "warn": .warning
    case "info": .info
    case "debug": .debug
    default: nil
    }
  }
}
