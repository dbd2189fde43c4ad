/// Benchmarks, run from a release build: `swift run -c release suggest-bench <name> [arguments]`.
@main
struct SuggestBench {
  static func main() async {
    let arguments = CommandLine.arguments.dropFirst()
    switch arguments.first {
    case "framing":
      FramingBenchmark.run()
    case "json":
      let options = arguments.dropFirst()
      JSONBenchmark.run(iterations: options.first.flatMap { Int($0) } ?? 200_000, filter: options.dropFirst().first)
    case "folding":
      FoldingBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "loading":
      var paths = Array(arguments.dropFirst())
      var rounds = 4
      if paths.first == "--rounds", paths.count > 1 {
        rounds = Int(paths[1]) ?? rounds
        paths.removeFirst(2)
      }
      for path in paths { await LoadingBenchmark.run(path: path, rounds: rounds) }
    case "engine":
      do {
        try await EngineBenchmark.run(Array(arguments.dropFirst()))
      } catch {
        print("engine benchmark failed: \(error)")
      }
    case "quality":
      do {
        try await QualityBenchmark.run(Array(arguments.dropFirst()))
      } catch {
        print("quality benchmark failed: \(error)")
      }
    case "keystrokes":
      do {
        try await KeystrokeProfile.run(Array(arguments.dropFirst()))
      } catch {
        print("keystrokes benchmark failed: \(error)")
      }
    default:
      print(
        """
        usage: suggest-bench <benchmark> [arguments]
          framing                          frame decode/encode, ns per message
          json [iterations] [filter]       JSON parse/write, ns per message, against JSONSerialization
          folding PATH                     fold a catalog's text (e.g. pypi.tsv.xz), MB/s
          loading [--rounds N] PATH...     load catalog files (.tsv, .jsonl, ...), seconds and peak RSS
          engine PATH [--queries TSV] [--no-peers]
                                           PyPI keystroke latency and ranking quality, against fzf and fzy
          quality PATH [--seed N,M] [--count K] [--typing K] [--misses]
                                           ranking quality on seeded generated queries and the labelled sets
          keystrokes PATH [--slowest N] [--limit L] [--rounds R] [--only a,b] [--whole] [--repeat K] [--wait]
                                           the slowest keystrokes of the typing sessions, and their CPU time
        """
      )
    }
  }
}
