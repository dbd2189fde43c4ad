#!/usr/bin/env bash
# Recent searches: record a choice with recents/add, then an empty query shows it first.
# With --state-dir the recents survive a restart: the second daemon below is a new process.
#   ./add-recent.sh "iPad mini" ipad-mini  →  {"recents":["iPad mini"]}
#                                             {"section":"Recent","labels":["iPad mini"]}
set -euo pipefail
text="${1:-iPad mini}" id="${2:-ipad-mini}"
daemon="${SUGGEST_LSP:-suggest-lsp}"
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT

# First daemon: record the choice (durable on disk before the reply is written).
jq -cn --arg text "$text" --arg id "$id" '{jsonrpc: "2.0", id: 1, method: "recents/add", params: {text: $text, id: $id}}' |
  "$daemon" --state-dir "$state" | jq -c '{recents: [.result.recents[].text]}'

# Second daemon, same state directory: the popup of an empty search field lists the recent.
echo '{"jsonrpc":"2.0","id":1,"method":"search/complete","params":{"query":""}}' |
  "$daemon" --state-dir "$state" | jq -c '.result.sections[] | {section: .title, labels: [.items[].label]}'
