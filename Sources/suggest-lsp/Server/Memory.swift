/// Process memory housekeeping.
enum Memory {
  /// Returns freed heap memory to the system.
  ///
  /// Loading a catalog allocates its items as Swift values, builds the engine's compact columns from them, and frees
  /// them; glibc keeps the freed pages unless asked, so the resident size would show the peak of the load forever.
  static func releaseFreedPages() {
    #if os(Linux)
    _ = glibcMallocTrim(0)
    #endif
  }
}

#if os(Linux)
/// glibc's `malloc_trim(3)` (not exported by the Glibc module's headers).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
