#!/usr/bin/env bash
# Your own catalog: a TSV file at start (--catalog), then more items at run time (catalog/add).
#   ./load-catalog.sh  →  {"catalog":"default","items":4}
#                         {"catalog":"default","items":5}
#                         {"query":"jsn","titles":["json-tools"]}
#                         {"query":"reqeusts","titles":["requests"]}
#                         {"query":"ruf","titles":["ruff"]}
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

# At start: --catalog reads the file.
echo '{"jsonrpc":"2.0","id":1,"method":"catalog/stats"}' |
  "$daemon" --catalog "$dir/packages.tsv" | jq -c '.result | {catalog, items}'

# Requests in one pipe run concurrently, but a request sees every change that arrived before it: the searches see
# the added item. Separate fields keep the two searches independent (one field would supersede the first).
printf '%s\n' \
  '{"jsonrpc":"2.0","id":2,"method":"catalog/add","params":{"items":[{"id":"ruff","title":"ruff","subtitle":"A linter"}]}}' \
  '{"jsonrpc":"2.0","id":3,"method":"search/filter","params":{"query":"jsn","field":"a"}}' \
  '{"jsonrpc":"2.0","id":4,"method":"search/filter","params":{"query":"reqeusts","field":"b"}}' \
  '{"jsonrpc":"2.0","id":5,"method":"search/complete","params":{"query":"ruf","field":"c"}}' |
  "$daemon" --catalog "$dir/packages.tsv" |
  jq -sc 'sort_by(.id)[] | if .id == 2 then .result | {catalog, items}
          elif .id == 5 then {query: "ruf", titles: [.result.sections[] | select(.id == "suggestions") | .items[].label]}
          else {query: (if .id == 3 then "jsn" else "reqeusts" end), titles: [.result.items[].title]} end'
