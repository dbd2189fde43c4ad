import RPCKit
import SuggestEngine
import Testing

@testable import suggest_lsp

@Suite struct CommandLineOptionsTests {
  @Test("defaults")
  func defaults() throws {
    let options = try CommandLineOptions.parse([])
    #expect(options == CommandLineOptions())
    #expect(options.framing == .auto)
    #expect(options.maxRecents == 5)
    #expect(options.debounceMilliseconds == 0)
    #expect(options.maxMessageBytes == 16 << 20)
    #expect(options.positionEncoding == .utf16)
    #expect(options.lookahead == 12)
    #expect(options.action == .serve)
  }

  @Test("every flag, both spellings")
  func flags() throws {
    let options = try CommandLineOptions.parse([
      "--catalog", "items.json", "--catalog=music=/data/music.tsv", "--state-dir", "/tmp/s", "--framing=lsp",
      "--debounce-ms", "40", "--max-recents=9", "--max-message-bytes", "4096", "--position-encoding", "utf-8",
      "--log-level", "debug", "--cache-dir", "/tmp/c", "--no-cache", "--lookahead=2",
    ])
    #expect(options.catalogs.map(\.name) == ["default", "music"])
    #expect(options.catalogs.map(\.path) == ["items.json", "/data/music.tsv"])
    #expect(options.stateDirectory == "/tmp/s")
    #expect(options.framing == .lsp)
    #expect(options.debounceMilliseconds == 40)
    #expect(options.maxRecents == 9)
    #expect(options.maxMessageBytes == 4096)
    #expect(options.positionEncoding == .utf8)
    #expect(options.logLevel == .debug)
    #expect(options.cacheDirectory == "/tmp/c" && options.noCache)
    #expect(options.lookahead == 2)
    #expect(try CommandLineOptions.parse(["--help"]).action == .help)
    #expect(try CommandLineOptions.parse(["-h"]).action == .help)
    #expect(try CommandLineOptions.parse(["--version"]).action == .version)
  }

  @Test("the snapshot cache: --no-cache turns it off, --cache-dir names it, else $XDG_CACHE_HOME or ~/.cache")
  func cacheDirectory() throws {
    let environment = ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]
    #expect(try CommandLineOptions.parse([]).catalogCache(environment: environment).directory == "/xdg/suggest-lsp")
    #expect(
      try CommandLineOptions.parse([]).catalogCache(environment: ["HOME": "/h"]).directory == "/h/.cache/suggest-lsp"
    )
    let named = try CommandLineOptions.parse(["--cache-dir=/c"])
    #expect(named.catalogCache(environment: environment).directory == "/c")
    let off = try CommandLineOptions.parse(["--cache-dir", "/c", "--no-cache"])
    #expect(off.catalogCache(environment: environment).directory == nil)
  }

  @Test(
    "bad command lines name the flag and what was expected",
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["--framing", "xml"], "--framing expects auto, lsp or ndjson, got 'xml'"),
      (["--debounce-ms", "-1"], "--debounce-ms expects a whole number from 0 to 60000, got '-1'"),
      (["--max-recents", "many"], "--max-recents expects a whole number from 0 to 10000, got 'many'"),
      (["--lookahead", "17"], "--lookahead expects a whole number from 0 to 16, got '17'"),
      (["--max-message-bytes", "10"], "--max-message-bytes expects a whole number from 1024 to 1073741824, got '10'"),
      (["--position-encoding", "utf-7"], "--position-encoding expects utf-8, utf-16 or utf-32, got 'utf-7'"),
      (["--log-level", "loud"], "--log-level expects off, error, warning, info or debug, got 'loud'"),
      (["--catalog"], "--catalog needs a value"),
      (["--state-dir", ""], "--state-dir needs a directory path"),
      (["--cache-dir", ""], "--cache-dir needs a directory path"),
      (["--cache-dir"], "--cache-dir needs a value"),
    ]
  )
  func badFlags(arguments: [String], message: String) {
    #expect(throws: CommandLineError(description: message)) { try CommandLineOptions.parse(arguments) }
  }
}
