#!/usr/bin/env bash
# Runs every example against a suggest-lsp binary and checks what it prints.
#   examples/run-tests.sh [BINARY]   BINARY defaults to .build/release/suggest-lsp, else .build/debug/suggest-lsp
# Needs jq and python3; the Neovim example needs nvim, the front ends' tests chromium, chromedriver, tmux and the
# interop venv (Interop/install.sh installs them all); without them they are skipped, a failure with --require-all.
# The editor snippets are tested as far as their editors install (examples/editors/test-editors.sh says how).
set -uo pipefail
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the checkout
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
require_all=0 bin=""
for arg in "$@"; do
  case "$arg" in
    --require-all) require_all=1 ;;
    *) bin="$arg" ;;
  esac
done
if [[ -z "$bin" ]]; then
  for candidate in "$root/.build/release/suggest-lsp" "$root/.build/debug/suggest-lsp"; do
    [[ -x "$candidate" ]] && { bin="$candidate"; break; }
  done
fi
[[ -n "$bin" && -x "$bin" ]] || { echo "examples: no suggest-lsp binary (build it, or pass its path)" >&2; exit 2; }
export SUGGEST_LSP="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
echo "examples: daemon $SUGGEST_LSP"

passed=0 failed=0 skipped=0
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# check NAME JQ-FILTER COMMAND...: runs COMMAND, then `jq -se FILTER` on its output (all its JSON lines, as an array).
check() {
  local name="$1" filter="$2"
  shift 2
  if timeout 60 "$@" >"$log" 2>&1 && jq -se "$filter" "$log" >/dev/null 2>&1; then
    echo "PASS $name"; passed=$((passed + 1))
  else
    echo "FAIL $name: $* printed:"; sed 's/^/    /' "$log"; echo "    (expected: $filter)"; failed=$((failed + 1))
  fi
}

# run NAME COMMAND...: passes when COMMAND exits 0 within $RUN_TIMEOUT seconds (default 120).
run() {
  local name="$1"
  shift
  if timeout "${RUN_TIMEOUT:-120}" "$@" >"$log" 2>&1; then
    echo "PASS $name: $(tail -1 "$log")"; passed=$((passed + 1))
  else
    echo "FAIL $name:"; sed 's/^/    /' "$log" | tail -40; failed=$((failed + 1))
  fi
}

cd "$here/shell"
check "shell/complete.sh ip" \
  '. == [{section: "Tokens", labels: ["iPad", "iPhone"]},
         {section: "Suggestions", labels: ["iPad", "iPod", "iPhone", "iPad Air", "iPad Pro"]}]' ./complete.sh ip
check "shell/complete.sh \"macbok\" (a typo)" '.[0].section == "Suggestions" and .[0].labels[0] == "MacBook"' \
  ./complete.sh macbok
check "shell/filter-with-tokens.sh" \
  '. == [{token: "audio", label: "Audio", count: 9}, {total: 1, titles: ["AirPods Pro"]}]' ./filter-with-tokens.sh
check "shell/filter-with-tokens.sh \"#mac\" air" '.[0].token == "mac" and .[1].titles == ["MacBook Air"]' \
  ./filter-with-tokens.sh "#mac" air
check "shell/add-recent.sh" \
  '. == [{recents: ["iPad mini"]}, {section: "Recent", labels: ["iPad mini"]}]' ./add-recent.sh
check "shell/load-catalog.sh" \
  '. == [{catalog: "default", items: 4}, {catalog: "default", items: 5},
         {query: "jsn", titles: ["json-tools"]}, {query: "reqeusts", titles: ["requests"]},
         {query: "ruf", titles: ["ruff"]}]' ./load-catalog.sh

cd "$here/python"
run "python/test_examples.py" python3 -W error::ResourceWarning test_examples.py
if out="$(timeout 60 python3 typing_loop.py "airpods pro" 2>&1)" &&
  [[ "$(tail -1 <<<"$out")" == "suggestions for 'airpods pro': AirPods Pro" ]]; then
  echo "PASS python/typing_loop.py \"airpods pro\": $(tail -1 <<<"$out")"; passed=$((passed + 1))
else
  echo "FAIL python/typing_loop.py \"airpods pro\":"; sed 's/^/    /' <<<"$out"; failed=$((failed + 1))
fi

# The front ends and the schema, used as a person (or a type generator) uses them. Their tools come from
# Interop/install.sh: chromium, chromium-driver and tmux from Debian, selenium and jsonschema in its venv.
venv="${INTEROP_VENV:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/suggest-lsp-interop/venv}"
# needs NAME CHECK...: runs CHECK quietly; if it fails, the example NAME is skipped (a failure with --require-all).
needs() {
  local name="$1"
  shift
  "$@" >/dev/null 2>&1 && return 0
  if ((require_all)); then
    echo "FAIL $name: missing $* (run Interop/install.sh)"; failed=$((failed + 1))
  else
    echo "SKIP $name: missing $* (run Interop/install.sh)"; skipped=$((skipped + 1))
  fi
  return 1
}
cd "$root"
needs "schema/test_schema.py" "$venv/bin/python" -c "import jsonschema" &&
  run "schema/test_schema.py" "$venv/bin/python" examples/schema/test_schema.py
needs "web/test_web.py" "$venv/bin/python" -c "import selenium; import os; assert os.access('/usr/bin/chromedriver', os.X_OK)" &&
  RUN_TIMEOUT=600 run "web/test_web.py" "$venv/bin/python" examples/web/test_web.py
needs "terminal/test_pick.py" command -v tmux && run "terminal/test_pick.py" python3 examples/terminal/test_pick.py

if command -v nvim >/dev/null; then
  run "neovim/test.lua" nvim --headless -u NONE -i NONE -n -c "luafile $here/neovim/test.lua"
elif ((require_all)); then
  echo "FAIL neovim/test.lua: nvim is not installed"; failed=$((failed + 1))
else
  echo "SKIP neovim/test.lua: nvim is not installed"; skipped=$((skipped + 1))
fi

run "editors/test-editors.sh (Neovim, Emacs Eglot, Helix, Kakoune, VS Code snippets)" \
  "$here/editors/test-editors.sh" "$SUGGEST_LSP"

echo "examples: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
