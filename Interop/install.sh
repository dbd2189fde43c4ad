#!/usr/bin/env bash
# Installs the interop clients and the examples' tools, idempotently and quietly (runs as root in CI):
#   Debian: neovim, vim (9.x, with +job/+channel), emacs-nox, elpa-eglot, jq, and for the front ends' tests
#   chromium, chromium-driver and tmux, only those missing (one apt-get update if any);
#   PyPI: Interop/requirements.txt (pinned) in a venv kept outside the checkout, reinstalled only when the pins change.
# Prints the client versions. The venv's path is also what Interop/run.sh and examples/run-tests.sh use.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${INTEROP_VENV:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/suggest-lsp-interop/venv}"

need=()
command -v nvim >/dev/null || need+=(neovim)
vim --version 2>/dev/null | grep -q '+job' || need+=(vim)
command -v emacs >/dev/null || need+=(emacs-nox)
dpkg -s elpa-eglot >/dev/null 2>&1 || need+=(elpa-eglot)
command -v jq >/dev/null || need+=(jq)
command -v chromium >/dev/null || need+=(chromium)
[[ -x /usr/bin/chromedriver ]] || need+=(chromium-driver)
command -v tmux >/dev/null || need+=(tmux)
if ((${#need[@]})); then
  sudo=""
  ((EUID == 0)) || sudo="sudo"
  echo "install: apt-get install ${need[*]}"
  # Several jobs may share the machine: wait for the package lock instead of failing on it.
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
    "${need[@]}" >/dev/null
fi

if ! cmp -s "$here/requirements.txt" "$venv/requirements.txt" 2>/dev/null; then
  echo "install: pip install -r Interop/requirements.txt into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$here/requirements.txt"
  cp "$here/requirements.txt" "$venv/requirements.txt"
fi

echo "install: $(nvim --version | head -1); vim $(vim --version | sed -n '1s/.*IMproved \([0-9.]*\).*/\1/p')$(vim --version | sed -n 's/^Included patches: 1-\([0-9]*\).*/.\1/p'); $(emacs --version | head -1); eglot $(dpkg-query -W -f '${Version}' elpa-eglot 2>/dev/null); $(jq --version)"
echo "install: $("$venv/bin/python" -m pip list --disable-pip-version-check 2>/dev/null | grep -iE '^(pygls|pytest-lsp|python-lsp-jsonrpc|selenium|jsonschema) ' | tr -s ' ' | paste -sd ',' | sed 's/,/, /g')"
echo "install: $(chromium --version 2>/dev/null); $(chromedriver --version | cut -d' ' -f1-2); $(tmux -V)"
