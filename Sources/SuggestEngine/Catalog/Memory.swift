#if canImport(Glibc)
import Glibc
#endif

/// Process memory housekeeping, for the catalog builder and the daemon.
package enum Memory {
  /// Returns freed heap memory to the system.
  ///
  /// Loading a catalog allocates its items as Swift values, builds the engine's compact columns from them, and frees
  /// them; glibc keeps the freed pages unless asked, so the resident size would show the peak of the load forever
  /// (and ``CatalogBuilder`` gives them back before joining its parts, so the join does not add to them). The same
  /// holds for the working memory of a burst of searches, given back when the burst's queue drains (the daemon's
  /// search workers).
  /// Skipped under AddressSanitizer or ThreadSanitizer: their allocators replace glibc's, whose trim then walks
  /// arenas that were never set up (a crash was seen under ASan).
  package static func releaseFreedPages() {
    #if os(Linux)
    guard !isSanitizerAllocatorActive else { return }
    _ = glibcMallocTrim(0)
    #endif
  }

  #if os(Linux)
  /// Whether a sanitizer runtime that replaces `malloc` is loaded (its entry symbol resolves in the process).
  private static let isSanitizerAllocatorActive: Bool =
    ["__asan_init", "__tsan_init"].contains { (symbol: String) in
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol) != nil
    }
  #endif
}

#if os(Linux)
/// glibc's `malloc_trim(3)` (not exported by the Glibc module's headers).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
