@main
struct SuggestBench {
  static func main() async throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "engine":
      try await EngineBenchmark.run(Array(arguments.dropFirst()))
    default:
      print("usage: suggest-bench engine PATH/pypi.tsv[.xz] [--queries TSV] [--no-peers]")
    }
  }
}
