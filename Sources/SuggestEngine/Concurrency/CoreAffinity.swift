#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cores the process may run on, and keeping a thread on one of them (``ScanThreads``).
enum CoreAffinity {
  /// The cores the process may run on, in increasing order: under `taskset` or a cpuset, a subset of the
  /// machine's. Where threads cannot be placed (not Linux), as many numbers as cores online.
  static func allowedCores() -> [Int] {
    #if os(Linux)
    var set = cpu_set_t()
    if glibcSchedGetaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 {
      let cores = withUnsafeBytes(of: &set) { bytes in
        (0..<(bytes.count * 8)).filter { bytes[$0 / 8] & (1 << ($0 % 8)) != 0 }
      }
      if !cores.isEmpty { return cores }
    }
    #endif
    return Array(0..<max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
  }

  /// Keeps the calling thread on `core`.
  ///
  /// - Returns: Whether it is kept there: `false` where threads cannot be placed, or when the system refuses (a
  ///   core the process may not use).
  @discardableResult
  static func keepCurrentThread(on core: Int) -> Bool {
    #if os(Linux)
    var set = cpu_set_t()
    guard core >= 0 && core < MemoryLayout<cpu_set_t>.size * 8 else { return false }
    withUnsafeMutableBytes(of: &set) { bytes in bytes[core / 8] |= UInt8(1) << UInt8(core % 8) }
    return glibcSchedSetaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0
    #else
    return false
    #endif
  }
}

#if os(Linux)
/// glibc's `sched_getaffinity(2)` (a GNU extension the Glibc module does not export); pid 0 is the calling thread.
@_silgen_name("sched_getaffinity")
private func glibcSchedGetaffinity(_ pid: Int32, _ size: Int, _ mask: UnsafeMutablePointer<cpu_set_t>) -> Int32

/// glibc's `sched_setaffinity(2)`; pid 0 is the calling thread.
@_silgen_name("sched_setaffinity")
private func glibcSchedSetaffinity(_ pid: Int32, _ size: Int, _ mask: UnsafePointer<cpu_set_t>) -> Int32
#endif
