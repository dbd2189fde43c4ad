/// A failure to start, reported on stderr with exit status 2.
struct StartupError: Error, CustomStringConvertible {
  var description: String
}
