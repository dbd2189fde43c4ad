@main
struct SuggestBench {
  static func main() {
    switch CommandLine.arguments.dropFirst().first {
    case "framing":
      FramingBenchmark.run()
    default:
      print("usage: suggest-bench framing")
    }
  }
}
