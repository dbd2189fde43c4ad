import RPCKit
import TestSupport
import Testing

@Suite struct FrameEncoderTests {
  @Test("LSP framing is exactly Content-Length, CRLF CRLF, then the body")
  func lspBytes() {
    #expect(FrameEncoder.encode(Wire.bytes("{}"), mode: .lsp) == Wire.bytes("Content-Length: 2\r\n\r\n{}"))
    #expect(FrameEncoder.encode([UInt8](), mode: .lsp) == Wire.bytes("Content-Length: 0\r\n\r\n"))
    let unicode = "{\"q\":\"日本🎉\"}"
    #expect(FrameEncoder.encode(Wire.bytes(unicode), mode: .lsp) == Wire.bytes("Content-Length: 18\r\n\r\n" + unicode))
  }

  @Test(
    "the length is written in decimal for every number of digits",
    arguments: [1, 9, 10, 99, 100, 12345, 1_000_000]
  )
  func lspLengths(_ length: Int) {
    let body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
    #expect(FrameEncoder.encode(body, mode: .lsp) == Wire.bytes("Content-Length: \(length)\r\n\r\n") + body)
  }

  @Test("NDJSON framing is the body then a newline")
  func ndjsonBytes() {
    #expect(FrameEncoder.encode(Wire.bytes("{\"a\":1}"), mode: .ndjson) == Wire.bytes("{\"a\":1}\n"))
    #expect(FrameEncoder.encode([UInt8](), mode: .ndjson) == Wire.bytes("\n"))
  }

  @Test("auto framing writes LSP")
  func autoIsLSP() {
    #expect(FrameEncoder.encode(Wire.bytes("[]"), mode: .auto) == Wire.bytes("Content-Length: 2\r\n\r\n[]"))
  }

  @Test("messages appended to one buffer follow each other, after what was there")
  func coalescing() {
    var buffer = Wire.bytes("old")
    FrameEncoder.append(Wire.bytes("{}"), mode: .lsp, to: &buffer)
    FrameEncoder.append(Wire.bytes("[1]"), mode: .lsp, to: &buffer)
    #expect(buffer == Wire.bytes("oldContent-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]"))
    var lines: [UInt8] = []
    FrameEncoder.append(Wire.bytes("{}"), mode: .ndjson, to: &lines)
    FrameEncoder.append(Wire.bytes("[1]"), mode: .ndjson, to: &lines)
    #expect(lines == Wire.bytes("{}\n[1]\n"))
  }

  @Test("every body type gives the same bytes", arguments: [FramingMode.lsp, .ndjson])
  func bodyTypes(_ mode: FramingMode) {
    let text = "{\"id\":1,\"é\":true}"
    let expected = FrameEncoder.encode(Array(text.utf8), mode: mode)
    #expect(FrameEncoder.encode(text.utf8, mode: mode) == expected)
    #expect(FrameEncoder.encode(Array(("xx" + text).utf8).dropFirst(2), mode: mode) == expected)
    #expect(FrameEncoder.encode(Array(text.utf8).lazy.map { $0 }, mode: mode) == expected)
    var raw: [UInt8] = []
    Array(text.utf8).withUnsafeBytes { FrameEncoder.append($0, mode: mode, to: &raw) }
    #expect(raw == expected)
  }

  @Test("random bodies survive the round trip through encoder and decoder", arguments: [FramingMode.lsp, .ndjson])
  func roundTrip(_ mode: FramingMode) {
    var generator = SplitMix64(seed: 7 + UInt64(mode == .lsp ? 1 : 0))
    for _ in 0..<100 {
      let bodies = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
        randomBody(for: mode, using: &generator)
      }
      var wire: [UInt8] = []
      for body in bodies { FrameEncoder.append(body, mode: mode, to: &wire) }
      var decoder = FrameDecoder(mode: mode)
      let chunks = Wire.randomChunks(wire, maxSize: 100, using: &generator)
      #expect(decoder.events(feeding: chunks) == bodies.map(FrameEvent.message))
    }
  }

  /// A random body: any bytes for LSP; for NDJSON, a line the decoder delivers unchanged (JSON-like: starts with
  /// `{`, no `\n`, no `\r` at the end).
  private func randomBody(for mode: FramingMode, using generator: inout SplitMix64) -> [UInt8] {
    let length = Int.random(in: 0...200, using: &generator)
    switch mode {
    case .lsp, .auto:
      return (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
    case .ndjson:
      let alphabet = Array("{}[]\":,0123456789 \tabcdeé日🎉\r\\".utf8)
      return [UInt8(ascii: "{")] + (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 } + [0x7D]
    }
  }
}
