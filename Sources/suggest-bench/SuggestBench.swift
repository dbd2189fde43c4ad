/// Benchmarks, run from a release build: `swift run -c release suggest-bench <name> [arguments]`.
@main
struct SuggestBench {
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    switch arguments.first {
    case "framing":
      FramingBenchmark.run()
    case "json":
      let options = arguments.dropFirst()
      JSONBenchmark.run(iterations: options.first.flatMap { Int($0) } ?? 200_000, filter: options.dropFirst().first)
    case "folding":
      FoldingBenchmark.run(arguments: Array(arguments.dropFirst()))
    default:
      print(
        """
        usage: suggest-bench <benchmark> [arguments]
          framing                          frame decode/encode, ns per message
          json [iterations] [filter]       JSON parse/write, ns per message, against JSONSerialization
          folding PATH                     fold a catalog's text (e.g. pypi.tsv.xz), MB/s
        """
      )
    }
  }
}
