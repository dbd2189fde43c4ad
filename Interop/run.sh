#!/usr/bin/env bash
# Runs the interop tests: real clients that no one here wrote (Neovim, pygls via pytest-lsp, python-lsp-jsonrpc,
# Vim 9, Emacs' jsonrpc.el) against a suggest-lsp binary, and prints a summary. Three of them use the daemon as an
# editor's completion source with no plugin: Neovim's stock vim.lsp.omnifunc (neovim_completion), Emacs' Eglot
# completion-at-point (emacs_eglot), and pytest-lsp in a VS Code-like and a Helix-like profile (lsp_completion).
#
#   Interop/run.sh [--require-all] [BINARY]   BINARY defaults to .build/release/suggest-lsp, else .build/debug/...
#   Interop/run.sh --mutants [BINARY]          runs every test against broken daemons (Interop/mutants/mutant.py)
#                                              and fails if a test passes against a mutant it must catch
#
# Install the clients first with Interop/install.sh (.ci/run does). A client that is not installed is skipped,
# or is a failure with --require-all. Exit status: 0 when every test passed (or every mutant was caught).
set -uo pipefail
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the checkout
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

require_all=0 mutants=0 bin=""
for arg in "$@"; do
  case "$arg" in
    --require-all) require_all=1 ;;
    --mutants) mutants=1 ;;
    -h | --help) sed -n '2,10p' "$0"; exit 0 ;;
    *) bin="$arg" ;;
  esac
done
if [[ -z "$bin" ]]; then
  for candidate in "$root/.build/release/suggest-lsp" "$root/.build/debug/suggest-lsp"; do
    [[ -x "$candidate" ]] && { bin="$candidate"; break; }
  done
fi
[[ -n "$bin" && -x "$bin" ]] || { echo "interop: no suggest-lsp binary (build it, or pass its path)" >&2; exit 2; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

# The Python clients live in the venv that Interop/install.sh makes.
venv="${INTEROP_VENV:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/suggest-lsp-interop/venv}"
python="$venv/bin/python"
[[ -x "$python" ]] || python="python3"

tests=(neovim pygls pylsp_jsonrpc vim emacs neovim_completion emacs_eglot lsp_completion)
# The transport tests, which the broken daemons of --mutants are made for.
mutant_tests=(neovim pygls pylsp_jsonrpc vim emacs)

# Prints why a test cannot run here, or nothing.
missing() {
  case "$1" in
    neovim | neovim_completion) command -v nvim >/dev/null || echo "nvim is not installed" ;;
    vim) vim --version 2>/dev/null | grep -q '+job' || echo "vim with +job/+channel is not installed" ;;
    emacs) command -v emacs >/dev/null || echo "emacs is not installed" ;;
    emacs_eglot) [[ -d /usr/share/emacs/site-lisp/elpa-src ]] && ls /usr/share/emacs/site-lisp/elpa | grep -q '^eglot-' \
      || echo "emacs with Debian's elpa-eglot is not installed" ;;
    pygls | lsp_completion)
      "$python" -c 'import pygls, pytest_lsp, pytest_asyncio' 2>/dev/null || echo "pygls/pytest-lsp are not installed" ;;
    pylsp_jsonrpc) "$python" -c 'import pylsp_jsonrpc, pytest' 2>/dev/null || echo "python-lsp-jsonrpc is not installed" ;;
  esac
}

# Runs one test against the daemon binary $2; extra pytest options in $PYTEST_OPTS.
run_test() {
  local daemon="$2"
  case "$1" in
    neovim) SUGGEST_LSP="$daemon" nvim --headless -u NONE -i NONE -n -c "luafile $here/neovim/test.lua" </dev/null ;;
    vim) SUGGEST_LSP="$daemon" vim -N -u NONE -i NONE -n -es -S "$here/vim/test.vim" </dev/null ;;
    emacs) SUGGEST_LSP="$daemon" emacs --batch -Q -l "$here/emacs/test.el" </dev/null ;;
    neovim_completion)
      SUGGEST_LSP="$daemon" nvim --headless -u NONE -i NONE -n -c "luafile $here/neovim/completion.lua" </dev/null ;;
    emacs_eglot) SUGGEST_LSP="$daemon" emacs --batch -Q -l "$here/emacs/completion.el" </dev/null ;;
    pygls | pylsp_jsonrpc | lsp_completion)
      SUGGEST_LSP="$daemon" "$python" -m pytest "$here/$1" -q -p no:cacheprovider ${PYTEST_OPTS:-} </dev/null ;;
  esac
}

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

if ((mutants == 0)); then
  echo "interop: daemon $bin"
  passed=0 failed=0 skipped=0
  for t in "${tests[@]}"; do
    why="$(missing "$t")"
    if [[ -n "$why" ]]; then
      if ((require_all)); then
        echo "FAIL $t: $why"; failed=$((failed + 1))
      else
        echo "SKIP $t: $why"; skipped=$((skipped + 1))
      fi
      continue
    fi
    start=$(date +%s%N)
    timeout 300 bash -c "$(declare -f run_test); here='$here' python='$python' run_test $t '$bin'" >"$logs/$t" 2>&1
    status=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    took="$((ms / 1000)).$((ms % 1000 / 100))"
    if ((status == 0)); then
      echo "PASS $t (${took} s): $(grep -E 'passed|all checks' "$logs/$t" | tail -1 | sed 's/=//g; s/^ *//')"
      passed=$((passed + 1))
    else
      echo "FAIL $t (${took} s, status $status):"
      sed 's/^/    /' "$logs/$t" | tail -60
      failed=$((failed + 1))
    fi
  done
  echo "interop: $passed passed, $failed failed, $skipped skipped"
  ((failed == 0))
  exit
fi

# --mutants: every test against every broken daemon. A test that passes against a mutant it must catch is a miss.
# Tolerant clients need not notice an extra reply header; only the strict reader must.
must_catch() {
  case "$1" in
    extra-header) [[ "$2" == pylsp_jsonrpc ]] ;;
    *) true ;;
  esac
}
modes=(${INTEROP_MUTANTS:-passthrough ndjson silent wrong-results ignore-cancel no-supersede strict-params exit-status extra-header})
# Short waits, and each test stops at its first failed check: a mutant costs seconds, not minutes.
export INTEROP_TIMEOUT=3 INTEROP_TIMEOUT_MS=3000 INTEROP_FAIL_FAST=1
caught=0 missed=0 tolerated=0 broken=0
printf '%-14s' "mutant"; printf ' %-14s' "${mutant_tests[@]}"; echo
for mode in "${modes[@]}"; do
  wrapper="$logs/suggest-lsp-$mode"
  printf '#!/bin/sh\nexec python3 %q %q %q "$@"\n' "$here/mutants/mutant.py" "$mode" "$bin" >"$wrapper"
  chmod +x "$wrapper"
  printf '%-14s' "$mode"
  for t in "${mutant_tests[@]}"; do
    if [[ -n "$(missing "$t")" ]]; then printf ' %-14s' "skipped"; continue; fi
    start=$(date +%s)
    timeout 120 bash -c "$(declare -f run_test); here='$here' python='$python' PYTEST_OPTS=-x run_test $t '$wrapper'" \
      >"$logs/$mode-$t" 2>&1
    status=$? took="$(($(date +%s) - start))s"
    if [[ "$mode" == passthrough ]]; then  # the control: the proxy itself must not break anything
      if ((status == 0)); then printf ' %-14s' "pass $took"; else printf ' %-14s' "FAIL $took"; broken=$((broken + 1)); fi
    elif ((status != 0)); then
      printf ' %-14s' "caught $took"; caught=$((caught + 1))
    elif must_catch "$mode" "$t"; then
      printf ' %-14s' "MISSED $took"; missed=$((missed + 1))
    else
      printf ' %-14s' "tolerated"; tolerated=$((tolerated + 1))
    fi
  done
  echo
done
if [[ -n "${INTEROP_LOGS:-}" ]]; then mkdir -p "$INTEROP_LOGS" && cp "$logs"/* "$INTEROP_LOGS"/; fi
echo "mutants: $caught caught, $missed missed, $tolerated tolerated (an extra header a lenient client may accept)"
((broken == 0)) || echo "mutants: the passthrough control failed $broken test(s): the proxy itself is broken"
((missed == 0 && broken == 0))
