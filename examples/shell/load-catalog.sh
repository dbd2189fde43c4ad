#!/usr/bin/env bash
# Your own catalog: a TSV file at start (--catalog), then more items at run time (catalog/add) in the same pipe.
#   ./load-catalog.sh  →  {"catalog":"default","items":4}
#                         {"catalog":"default","items":5}
#                         {"query":"jsn","titles":["json-tools"]}
#                         {"query":"reqeusts","titles":["requests"]}
set -euo pipefail
daemon="${SUGGEST_LSP:-suggest-lsp}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

# A header row names the columns; rank: lower is more popular.
printf '%s\t%s\t%s\n' name summary rank \
  requests 'HTTP for Humans' 1 \
  rich 'Rich text in the terminal' 3 \
  json-tools 'JSON helpers' 20 \
  rugged 'A rugged library' 40 >"$dir/packages.tsv"

# Requests in one pipe: changes take effect in arrival order; separate fields keep the two searches independent.
printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"catalog/stats"}' \
  '{"jsonrpc":"2.0","id":2,"method":"catalog/add","params":{"items":[{"id":"ruff","title":"ruff","subtitle":"A linter"}]}}' \
  '{"jsonrpc":"2.0","id":3,"method":"search/filter","params":{"query":"jsn","field":"a"}}' \
  '{"jsonrpc":"2.0","id":4,"method":"search/filter","params":{"query":"reqeusts","field":"b"}}' |
  "$daemon" --catalog "$dir/packages.tsv" |
  jq -sc 'sort_by(.id)[] | if .id <= 2 then {catalog: .result.catalog, items: .result.items}
          else {query: (if .id == 3 then "jsn" else "reqeusts" end), titles: [.result.items[].title]} end'
