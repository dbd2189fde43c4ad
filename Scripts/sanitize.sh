#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and/or AddressSanitizer; any sanitizer report fails the run.
#
#   Scripts/sanitize.sh [thread|address|all] [SWIFT_TEST_ARGS...]   (default: all)
#
#   Scripts/sanitize.sh thread --filter ConnectionTests    a quick loop over one suite
#
# Each sanitizer builds into its own scratch path (.build-tsan, .build-asan), tests and the suggest-lsp daemon
# alike: the end-to-end tests launch the daemon found next to the test bundle, so they run the sanitized one.
# Reports of every process (the test runner and each daemon it starts) go to .build-<san>/reports/; the script
# prints them and exits non-zero if there is any, even when a test did not notice the daemon dying.
#
# With no test arguments the suite runs in two passes: first everything but the CPU-bound search oracles (HEAVY
# below), in parallel, then those alone. Run together, the oracles keep both cores of a small machine busy for
# minutes under ThreadSanitizer, and the time-limited concurrency tests starve behind them.
#
# Environment: SUGGEST_TEST_SLOWDOWN (default 8 under thread, 3 under address) shrinks the heaviest workloads and
# multiplies the tests' time limits (Tests/TestSupport); TSAN_OPTIONS / ASAN_OPTIONS are appended to ours, so
# they can override them (e.g. TSAN_OPTIONS=halt_on_error=0 to collect every report of a run).
set -euo pipefail

cd "$(dirname "$0")/.."
MODE=${1:-all}
if [[ $# -gt 0 ]]; then shift; fi
case "$MODE" in
  thread | address | all) ;;
  *)
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac

HEAVY='SearchOracleTests|TypoSearchTests|QualityTests'

# Never hand a crash to swift-backtrace: under a sanitizer it can hang (style guide, section 3).
export SWIFT_BACKTRACE=enable=no

run() {
  local sanitizer=$1
  shift
  local scratch reports slowdown
  case "$sanitizer" in
    thread) scratch=.build-tsan slowdown=8 ;;
    address) scratch=.build-asan slowdown=3 ;;
  esac
  reports="$PWD/$scratch/reports"
  # --disable-xctest: the suite is Swift Testing only, and LeakSanitizer reports leaks inside libXCTest itself.
  local flags=(--sanitize="$sanitizer" --scratch-path "$scratch" --disable-xctest)
  local start=$SECONDS
  echo "== $sanitizer: building (swift build --build-tests ${flags[*]})"
  swift build --build-tests "${flags[@]}"
  rm -rf "$reports"
  mkdir -p "$reports"
  local status=0
  echo "== $sanitizer: testing"
  (
    export SUGGEST_TEST_SLOWDOWN=${SUGGEST_TEST_SLOWDOWN:-$slowdown}
    # halt_on_error: the first report ends the process with a failing status; log_path: one file per process.
    export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 log_path=$reports/tsan ${TSAN_OPTIONS:-}"
    # detect_leaks=0: LeakSanitizer flags the test runner itself (the object graphs of in-process test daemons whose
    # tasks are still suspended when the run ends, and a buffer FoundationEssentials' FileManager.contents leaks);
    # ASAN_OPTIONS=detect_leaks=1 turns it back on. Memory errors are checked in every process either way.
    export ASAN_OPTIONS="halt_on_error=1 detect_leaks=0 log_path=$reports/asan ${ASAN_OPTIONS:-}"
    if [[ $# -gt 0 ]]; then
      swift test --skip-build "${flags[@]}" "$@"
    else
      local pass=0
      swift test --skip-build "${flags[@]}" --skip "$HEAVY" || pass=$?
      swift test --skip-build "${flags[@]}" --filter "$HEAVY" || pass=$?
      exit "$pass"
    fi
  ) || status=$?
  local found
  found=$(find "$reports" -type f | sort)
  if [[ -n "$found" ]]; then
    echo "== $sanitizer: reports:"
    for file in $found; do
      echo "--- $file"
      cat "$file"
    done
    [[ $status -ne 0 ]] || status=1
  fi
  echo "== $sanitizer: $([[ $status -eq 0 ]] && echo clean || echo "FAILED (status $status)") in $((SECONDS - start)) s"
  return "$status"
}

overall=0
if [[ "$MODE" == thread || "$MODE" == all ]]; then run thread "$@" || overall=1; fi
if [[ "$MODE" == address || "$MODE" == all ]]; then run address "$@" || overall=1; fi
exit "$overall"
