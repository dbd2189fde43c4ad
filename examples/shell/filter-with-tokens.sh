#!/usr/bin/env bash
# Search tokens (categories): find the token the user means, then filter the results within it.
#   ./filter-with-tokens.sh "#aud" pro  →  {"token":"audio","label":"Audio","count":9}
#                                          {"total":1,"titles":["AirPods Pro"]}
set -euo pipefail
token_query="${1:-#aud}" query="${2:-pro}"
daemon="${SUGGEST_LSP:-suggest-lsp}"

# 1. search/tokens: the best token for what follows the "#".
token=$(jq -cn --arg q "$token_query" '{jsonrpc: "2.0", id: 1, method: "search/tokens", params: {query: $q, limit: 1}}' |
  "$daemon" | jq -c '.result.tokens[0] | {token: .id, label: .label, count: .count}')
echo "$token"

# 2. search/filter with that token: only the items that carry it.
jq -cn --arg q "$query" --arg t "$(jq -r .token <<<"$token")" \
  '{jsonrpc: "2.0", id: 2, method: "search/filter", params: {query: $q, tokens: [$t]}}' |
  "$daemon" | jq -c '.result | {total, titles: [.items[].title]}'
