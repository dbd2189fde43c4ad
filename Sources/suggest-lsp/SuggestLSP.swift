@main
struct SuggestLSP {
  static func main() {
  }
}
