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
    default:
      print("usage: suggest-bench framing | json [iterations] [name filter]")
    }
  }
}
