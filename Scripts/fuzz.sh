#!/usr/bin/env bash
# Builds and runs the libFuzzer targets in Fuzz/ (see Fuzz/README.md).
#
#   Scripts/fuzz.sh SECONDS [TARGET...]       build, then fuzz each target (default: all) for SECONDS
#   Scripts/fuzz.sh --build [TARGET...]       build only
#   Scripts/fuzz.sh --reproduce TARGET FILE...  run TARGET once on each FILE (a crash input), with tracing
#
# Targets: FrameDecoderFuzz, JSONParserFuzz, MessagePathFuzz.
#
# Builds use swiftc directly (not SwiftPM, whose coverage instrumentation is unreliable), into .build-fuzz/:
#   1. JSONKit as its own module, instrumented: .build-fuzz/modules/{JSONKit.swiftmodule,libJSONKit.a};
#   2. JSONParserFuzz: JSONKit's sources + Fuzz/JSONParserFuzz.swift as module JSONKit;
#      FrameDecoderFuzz, MessagePathFuzz: RPCKit's sources + Fuzz/<target>.swift as module RPCKit, against (1).
# Every binary must report its coverage counters ("INFO: Loaded 1 modules (N inline 8-bit counters)") or the
# script stops. Runs keep their growing corpus in .build-fuzz/corpus/<target> (not committed) and start from it
# plus the committed seeds; crash, timeout, leak and out-of-memory inputs are copied to Fuzz/crashes/, and the
# script exits non-zero when a run found one. Environment: FUZZ_RSS_LIMIT_MB (default 2048), FUZZ_TIMEOUT
# (seconds per input, default 20), FUZZ_ARGS (extra libFuzzer flags).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
SCRIPT="$ROOT/Scripts/fuzz.sh"
OUT="$ROOT/.build-fuzz"
ALL_TARGETS=(FrameDecoderFuzz JSONParserFuzz MessagePathFuzz)
# Never hand a crash to swift-backtrace: under ASan it can hang (style guide, section 3).
export SWIFT_BACKTRACE=enable=no

SWIFT_FLAGS=(
  -sanitize=fuzzer,address -parse-as-library -O -g
  -swift-version 6
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility
  -package-name suggest_lsp
)

usage() {
  sed -n '2,8p' "$SCRIPT" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

sources() {
  find "$1" -name '*.swift' | LC_ALL=C sort
}

# Whether $1 is missing or older than any of the remaining files.
is_stale() {
  local product=$1
  shift
  [[ ! -e $product ]] && return 0
  local file
  for file in "$@"; do
    [[ $file -nt $product ]] && return 0
  done
  return 1
}

# swiftc, without the linker's harmless "Cannot export local symbol '__asan_…'" noise.
compile() {
  local log
  log=$(mktemp)
  if ! swiftc "${SWIFT_FLAGS[@]}" "$@" >"$log" 2>&1; then
    grep -v 'Cannot export local symbol' "$log" >&2 || true
    rm -f "$log"
    return 1
  fi
  grep -v 'Cannot export local symbol' "$log" >&2 || true
  rm -f "$log"
}

build_jsonkit_module() {
  local module_dir="$OUT/modules"
  mapfile -t files < <(sources Sources/JSONKit)
  if is_stale "$module_dir/libJSONKit.a" "${files[@]}" "$SCRIPT"; then
    echo "building JSONKit module" >&2
    mkdir -p "$module_dir"
    compile -wmo -emit-library -static -module-name JSONKit \
      -emit-module -emit-module-path "$module_dir/JSONKit.swiftmodule" \
      "${files[@]}" -o "$module_dir/libJSONKit.a"
  fi
}

build_target() {
  local target=$1
  local binary="$OUT/bin/$target"
  local entry="Fuzz/$target.swift"
  [[ -f $entry ]] || { echo "unknown target $target (no $entry)" >&2; exit 2; }
  mkdir -p "$OUT/bin"
  if [[ $target == JSONParserFuzz ]]; then
    mapfile -t files < <(sources Sources/JSONKit)
    if is_stale "$binary" "${files[@]}" "$entry" "$SCRIPT"; then
      echo "building $target" >&2
      compile -module-name JSONKit "${files[@]}" "$entry" -o "$binary"
    fi
  else
    build_jsonkit_module
    mapfile -t files < <(sources Sources/RPCKit)
    if is_stale "$binary" "${files[@]}" "$entry" "$OUT/modules/libJSONKit.a" "$SCRIPT"; then
      echo "building $target" >&2
      compile -module-name RPCKit -I "$OUT/modules" -L "$OUT/modules" -lJSONKit "${files[@]}" "$entry" -o "$binary"
    fi
  fi
  check_instrumentation "$target"
}

# A binary without coverage counters still "runs" but never grows its corpus: refuse it.
check_instrumentation() {
  local target=$1
  local empty
  empty=$(mktemp -d)
  local line
  line=$( (cd "$empty" && "$OUT/bin/$target" -runs=0 "$empty" 2>&1) | grep -m1 'INFO: Loaded 1 modules' || true)
  rm -rf "$empty"
  if [[ ! $line =~ \(([0-9]+)\ inline\ 8-bit\ counters\) ]] || ((BASH_REMATCH[1] == 0)); then
    echo "$target is not coverage-instrumented (got: ${line:-no INFO line}); rebuild with rm -rf $OUT/bin" >&2
    exit 1
  fi
  echo "$target: ${BASH_REMATCH[1]} inline 8-bit counters" >&2
}

# Per-target run settings: max input length, dictionary, seed directories.
max_len() {
  case $1 in
  FrameDecoderFuzz) echo 2048 ;;
  *) echo 4096 ;;
  esac
}

dictionary() {
  case $1 in
  JSONParserFuzz) echo "$ROOT/Fuzz/json.dict" ;;
  *) echo "$ROOT/Fuzz/rpc.dict" ;;
  esac
}

seed_dirs() {
  case $1 in
  JSONParserFuzz) echo "$ROOT/Fuzz/seeds/json $ROOT/Tests/JSONKitTests/Fixtures/JSONTestSuite" ;;
  FrameDecoderFuzz) echo "$ROOT/Fuzz/seeds/frames $ROOT/Fuzz/seeds/message" ;;
  MessagePathFuzz) echo "$ROOT/Fuzz/seeds/message" ;;
  esac
}

run_target() {
  local target=$1 seconds=$2
  local work="$OUT/run/$target"
  local corpus="$OUT/corpus/$target"
  local log="$work/fuzz.log"
  mkdir -p "$work" "$corpus"
  rm -f "$work"/crash-* "$work"/timeout-* "$work"/leak-* "$work"/oom-* "$work"/slow-unit-*
  echo "fuzzing $target for ${seconds}s (log: ${log#"$ROOT"/})" >&2
  local status=0
  # shellcheck disable=SC2046,SC2086
  (cd "$work" && "$OUT/bin/$target" \
    -max_total_time="$seconds" -max_len="$(max_len "$target")" \
    -rss_limit_mb="${FUZZ_RSS_LIMIT_MB:-2048}" -timeout="${FUZZ_TIMEOUT:-20}" \
    -dict="$(dictionary "$target")" -artifact_prefix="$work/" -print_final_stats=1 \
    ${FUZZ_ARGS:-} "$corpus" $(seed_dirs "$target")) >"$log" 2>&1 || status=$?
  local found=0 artifact
  mkdir -p Fuzz/crashes
  for artifact in "$work"/crash-* "$work"/timeout-* "$work"/leak-* "$work"/oom-*; do
    [[ -e $artifact ]] || continue
    cp "$artifact" "Fuzz/crashes/$target-$(basename "$artifact")"
    echo "  FOUND: Fuzz/crashes/$target-$(basename "$artifact")" >&2
    found=1
  done
  summarize "$target" "$log" "$corpus" "$status"
  if ((found || status != 0)); then
    grep -m3 -E 'Fatal error|ERROR: (libFuzzer|AddressSanitizer)|SUMMARY' "$log" | sed 's/^/  /' >&2 || true
    return 1
  fi
}

summarize() {
  local target=$1 log=$2 corpus=$3 status=$4
  local last execs runs files bytes
  last=$(grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1 || true)
  execs=$(sed -n 's/^stat::average_exec_per_sec:[[:space:]]*//p' "$log")
  runs=$(sed -n 's/^stat::number_of_executed_units:[[:space:]]*//p' "$log")
  files=$(find "$corpus" -type f | wc -l)
  bytes=$(find "$corpus" -type f -printf '%s\n' | awk '{ total += $1 } END { printf "%d", total / 1024 }')
  printf '%-17s status %s  runs %s  exec/s %s  %s  corpus %s files (%s KiB)\n' \
    "$target" "$status" "${runs:-?}" "${execs:-?}" \
    "$(grep -oE 'cov: [0-9]+ ft: [0-9]+' <<<"$last" || echo 'cov: ?')" "$files" "$bytes"
}

main() {
  [[ $# -ge 1 ]] || usage
  case $1 in
  --build)
    shift
    local targets=("$@")
    ((${#targets[@]})) || targets=("${ALL_TARGETS[@]}")
    for target in "${targets[@]}"; do build_target "$target"; done
    ;;
  --reproduce)
    [[ $# -ge 3 ]] || usage
    local target=$2
    shift 2
    build_target "$target"
    local status=0
    FUZZ_TRACE=1 "$OUT/bin/$target" "$@" || status=$?
    echo "exit status $status" >&2
    exit "$status"
    ;;
  -h | --help)
    usage
    ;;
  *)
    [[ $1 =~ ^[0-9]+$ ]] || usage
    local seconds=$1
    shift
    local targets=("$@")
    ((${#targets[@]})) || targets=("${ALL_TARGETS[@]}")
    for target in "${targets[@]}"; do build_target "$target"; done
    local failed=0
    for target in "${targets[@]}"; do
      run_target "$target" "$seconds" || failed=1
    done
    exit "$failed"
    ;;
  esac
}

main "$@"
