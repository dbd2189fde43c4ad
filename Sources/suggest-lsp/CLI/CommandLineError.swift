/// A command-line mistake, reported with the usage hint and exit status 2.
struct CommandLineError: Error, Equatable, CustomStringConvertible {
  var description: String
}
