-- suggest-lsp as a completion source for Neovim buffers: a 'completefunc' (and 'omnifunc') that asks the daemon's
-- search/complete for the word before the cursor, through Neovim's built-in LSP client.
--
--   -- put examples/neovim on 'runtimepath' (or copy this file to ~/.config/nvim/lua/), then:
--   local suggest = require('suggest_complete')
--   suggest.setup({ cmd = { 'suggest-lsp', '--catalog', vim.fn.expand('~/notes/topics.txt') } })
--   suggest.attach(0)      -- in the current buffer, <C-x><C-u> (or <C-x><C-o>) completes the word being typed
--
-- Typos, acronyms and word pieces find their items ("macbok" → MacBook, "mbp" → MacBook Pro): the items are marked
-- `equal` so that Vim does not filter them again by the typed prefix. A word starting with "#" completes a token.
local M = {}

local config = {
  cmd = { 'suggest-lsp' }, -- the daemon and its arguments
  field = 'nvim', -- the search field: keystrokes in one field supersede each other
  limit = 10, -- suggestions per completion
  timeout_ms = 2000, -- how long a completion waits for the daemon
}
local client_id = nil

-- Neovim 0.11 made client functions methods; 0.7 to 0.10 call them with a dot.
local function call(client, name, ...)
  if vim.fn.has('nvim-0.11') == 1 then
    return client[name](client, ...)
  end
  return client[name](...)
end

--- Sets the options (all optional): cmd, field, limit, timeout_ms.
function M.setup(opts)
  config = vim.tbl_extend('force', config, opts or {})
end

--- The running client, started (and initialized) on first use.
function M.client()
  local client = client_id and vim.lsp.get_client_by_id(client_id)
  if client and not call(client, 'is_stopped') then
    return client
  end
  local lsp_config = { name = 'suggest-lsp', cmd = config.cmd }
  if vim.fn.has('nvim-0.11') == 1 then
    client_id = vim.lsp.start(lsp_config, { attach = false })
  else
    client_id = vim.lsp.start_client(lsp_config)
  end
  client = client_id and vim.lsp.get_client_by_id(client_id)
  if client then
    vim.wait(config.timeout_ms, function()
      return client.initialized == true
    end, 5)
  end
  return client
end

-- search/complete's answer as Vim complete-items.
local function complete_items(result)
  local items = {}
  local kinds = { item = 's', token = 't', recent = 'r' }
  for _, section in ipairs(result.sections or {}) do
    for _, item in ipairs(section.items) do
      table.insert(items, {
        word = item.kind == 'token' and ('#' .. item.label) or item.completion,
        abbr = item.label,
        menu = '[' .. section.title .. ']',
        info = item.subtitle,
        kind = kinds[item.kind],
        equal = 1, -- the daemon matched it (maybe with a typo): Vim must not filter it out again
        dup = 1,
        user_data = { id = item.id, kind = item.kind },
      })
    end
  end
  return items
end

--- The 'completefunc': with findstart 1, the byte column where the word before the cursor starts; with 0, the
--- completions of `base`, that word.
function M.complete(findstart, base)
  if findstart == 1 then
    local line = vim.api.nvim_get_current_line()
    local start = vim.api.nvim_win_get_cursor(0)[2]
    while start > 0 and line:sub(start, start):match('[%w#_%-%.]') do
      start = start - 1
    end
    return start
  end
  local client = M.client()
  if not client then
    return {}
  end
  local params = { query = base, limit = config.limit, field = config.field }
  local reply = call(client, 'request_sync', 'search/complete', params, config.timeout_ms, 0)
  if not reply or reply.err or type(reply.result) ~= 'table' then
    return {}
  end
  return complete_items(reply.result)
end

--- Makes the daemon the buffer's completefunc and omnifunc.
function M.attach(bufnr)
  local func = "v:lua.require'suggest_complete'.complete"
  vim.bo[bufnr or 0].completefunc = func
  vim.bo[bufnr or 0].omnifunc = func
end

--- Stops the daemon (shutdown, then exit) and waits for it to end; returns true once it has.
function M.stop()
  local client = client_id and vim.lsp.get_client_by_id(client_id)
  client_id = nil
  if not client then
    return true
  end
  call(client, 'stop')
  return vim.wait(config.timeout_ms, function()
    return call(client, 'is_stopped') and vim.lsp.get_client_by_id(client.id) == nil
  end, 10)
end

return M
