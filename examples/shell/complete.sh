#!/usr/bin/env bash
# The suggestion popup for what the user typed: one NDJSON request, one reply, shaped by jq.
#   ./complete.sh ip      →  {"section":"Tokens","labels":["iPad","iPhone"]}
#                            {"section":"Suggestions","labels":["iPad","iPod","iPhone","iPad Air","iPad Pro"]}
# SUGGEST_LSP names the daemon binary (default: suggest-lsp on the PATH).
set -euo pipefail
query="${1:-ip}"

# jq -n builds the request, so any query text is escaped correctly.
jq -cn --arg q "$query" '{jsonrpc: "2.0", id: 1, method: "search/complete", params: {query: $q, limit: 5}}' |
  "${SUGGEST_LSP:-suggest-lsp}" |
  jq -c '.result.sections[] | {section: .title, labels: [.items[].label]}'
