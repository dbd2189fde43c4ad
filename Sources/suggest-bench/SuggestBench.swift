@main
struct SuggestBench {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "folding": FoldingBenchmark.run(arguments: Array(arguments.dropFirst()))
    default: break
    }
  }
}
