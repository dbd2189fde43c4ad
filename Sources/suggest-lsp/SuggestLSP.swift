import Foundation
import RPCKit
import SuggestEngine

/// The `suggest-lsp` executable: parses the command line, keeps stdout for protocol bytes, serves until `exit` or
/// the end of input, and exits with the lifecycle's status.
@main
struct SuggestLSP {
  static func main() async {
    let options: CommandLineOptions
    do {
      options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("suggest-lsp: \(error)\nTry 'suggest-lsp --help'.\n".utf8))
      exit(2)
    }
    switch options.action {
    case .help:
      print(CommandLineOptions.usage)
      exit(0)
    case .version:
      print("suggest-lsp \(SuggestServer.version)")
      exit(0)
    case .serve:
      break
    }
    Log.level = options.logLevel
    Memory.mapLargeBlocks()
    let output = StandardIO.takeOverStandardOutput()
    let server: SuggestServer
    do {
      server = try await SuggestServer.start(options: options)
    } catch {
      FileHandle.standardError.write(Data("suggest-lsp: \(error)\n".utf8))
      exit(2)
    }
    let connection = Connection(
      input: STDIN_FILENO,
      output: output,
      options: ConnectionOptions(framing: options.framing, maxMessageBytes: options.maxMessageBytes),
      methods: server.methods()
    )
    let status = await connection.run()
    // A snapshot still being written is finished, so that the next start finds it.
    await server.snapshotWrites.finish()
    exit(status)
  }
}
