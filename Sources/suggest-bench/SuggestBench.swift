@main
struct SuggestBench {
  static func main() {
  }
}
