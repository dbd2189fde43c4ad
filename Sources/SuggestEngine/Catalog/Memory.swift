#if canImport(Glibc)
import Glibc
#endif

/// Process memory housekeeping, for the catalog builder and the daemon.
package enum Memory {
  /// Returns freed heap memory to the system.
  ///
  /// Loading a catalog allocates its items as Swift values, builds the engine's compact columns from them, and frees
  /// them; glibc keeps the freed pages unless asked, so the resident size would show the peak of the load forever
  /// (the daemon also maps large blocks on their own, ``mapLargeBlocks(threshold:)``, so that those go back at once,
  /// before the catalog builder joins its parts, without a trim of the whole heap). The same
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

  /// Makes the allocator give every block of `threshold` bytes or more a mapping of its own, unmapped when freed,
  /// instead of leaving it in the heap for ``releaseFreedPages()`` to return: a catalog build frees hundreds of
  /// megabytes of large arrays (the loader's rows, the parts before they are joined). Fixing the threshold also
  /// stops glibc from raising it as mapped blocks are freed.
  package static func mapLargeBlocks(threshold: Int = 4 << 20) {
    #if os(Linux)
    guard !isSanitizerAllocatorActive else { return }
    _ = glibcMallopt(-3, Int32(threshold))  // M_MMAP_THRESHOLD
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

/// glibc's `mallopt(3)`.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
