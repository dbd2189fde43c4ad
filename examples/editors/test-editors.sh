#!/usr/bin/env bash
# Tests the editor snippets of this directory against a suggest-lsp binary, each as far as its editor installs here:
#   neovim-0.7.lua   run in Neovim (0.7-0.10): attaches to requirements.txt, completes a typo;
#   neovim-0.11.lua  run the same way in Neovim 0.11+, else a load (syntax) check;
#   emacs-eglot.el   run in Emacs with Debian's elpa-eglot: Eglot connects, completes a typo;
#   helix-languages.toml, kakoune.kak, vscode/: no Helix, kak-lsp or VS Code here: TOML parsed and checked, the
#                    kakrc sourced by Kakoune, extension.js checked by node and package.json parsed.
#   examples/editors/test-editors.sh BINARY
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:?usage: test-editors.sh BINARY}"
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
# The snippets name `suggest-lsp` on PATH and a catalog under ~/.local/share/suggest-lsp.
mkdir -p "$home/bin" "$home/.local/share/suggest-lsp"
ln -s "$bin" "$home/bin/suggest-lsp"
printf 'name\tversion\tmonth\trank\tsummary\nrequests\t2.31.0\t2024-05\t1\tPython HTTP for Humans.\nrequests-oauthlib\t2.0.0\t2024-03\t60\tOAuthlib support\nnumpy\t2.0.0\t2024-06\t2\tArrays\n' \
  >"$home/.local/share/suggest-lsp/pypi.tsv"
export HOME="$home" PATH="$home/bin:$PATH"
failed=0

result() {  # NAME STATUS OUTPUT
  if (($2 == 0)); then echo "PASS $1: $(tail -1 <<<"$3")"; else echo "FAIL $1:"; sed 's/^/    /' <<<"$3"; failed=1; fi
}

if command -v nvim >/dev/null; then
  out="$(timeout 60 nvim --headless -u "$here/neovim-0.7.lua" -i NONE -n -c "luafile $here/test/neovim.lua" </dev/null 2>&1)"
  result "editors/neovim-0.7.lua" $? "$out"
  if nvim --headless -u NONE -i NONE -n -c "lua if vim.fn.has('nvim-0.11') == 0 then vim.cmd('cquit 3') end" -c qa \
    </dev/null >/dev/null 2>&1; then
    out="$(timeout 60 nvim --headless -u "$here/neovim-0.11.lua" -i NONE -n -c "luafile $here/test/neovim.lua" </dev/null 2>&1)"
    result "editors/neovim-0.11.lua" $? "$out"
  else
    out="$(nvim --headless -u NONE -i NONE -n \
      -c "lua local ok, err = loadfile('$here/neovim-0.11.lua'); if not ok then print(err); vim.cmd('cquit 1') end" \
      -c "lua print('loads (Neovim ' .. tostring(vim.version().minor) .. ' has no vim.lsp.config: syntax checked only)')" \
      -c qa </dev/null 2>&1)"
    result "editors/neovim-0.11.lua" $? "$out"
  fi
else
  echo "SKIP editors/neovim-*.lua: nvim is not installed"
fi

if command -v emacs >/dev/null && ls /usr/share/emacs/site-lisp/elpa 2>/dev/null | grep -q '^eglot-'; then
  out="$(timeout 60 emacs --batch -Q \
    --eval "(progn (require 'package) (add-to-list 'package-directory-list \"/usr/share/emacs/site-lisp/elpa\") (package-initialize) (require 'eglot))" \
    -l "$here/emacs-eglot.el" -l "$here/test/emacs.el" </dev/null 2>&1)"
  result "editors/emacs-eglot.el" $? "$out"
else
  echo "SKIP editors/emacs-eglot.el: emacs with elpa-eglot is not installed"
fi

out="$(python3 - "$here/helix-languages.toml" <<'PY' 2>&1
import sys, tomllib
config = tomllib.load(open(sys.argv[1], "rb"))
server = config["language-server"]["suggest-lsp"]
assert server["command"] == "suggest-lsp" and server["args"][0] == "--catalog", server
language = config["language"][0]
assert language["language-servers"] == ["suggest-lsp"] and language["file-types"] == [{"glob": "requirements*.txt"}]
print("parses; server and language as Helix reads them (no Helix here)")
PY
)"
result "editors/helix-languages.toml" $? "$out"

if command -v kak >/dev/null; then
  err="$home/kak-error"
  timeout 30 kak -n -ui dummy -e "try %{ source '$here/kakoune.kak' } catch %{ echo -to-file '$err' %val{error} }; quit!" \
    </dev/null >/dev/null 2>&1
  if [[ -s "$err" ]]; then result "editors/kakoune.kak" 1 "$(cat "$err")"; else
    result "editors/kakoune.kak" 0 "Kakoune sources it (no kak-lsp here)"; fi
else
  echo "SKIP editors/kakoune.kak: kak is not installed"
fi

if command -v node >/dev/null; then
  out="$(node --check "$here/vscode/extension.js" 2>&1 &&
    node -e "const p = require('$here/vscode/package.json'); if (!p.dependencies['vscode-languageclient']) process.exit(1)" 2>&1 &&
    echo "extension.js checked by node, package.json parsed (no VS Code here)")"
  result "editors/vscode" $? "$out"
else
  out="$(python3 -c "import json, sys; json.load(open(sys.argv[1])); print('package.json parsed (no node or VS Code here)')" \
    "$here/vscode/package.json" 2>&1)"
  result "editors/vscode" $? "$out"
fi
exit $failed
