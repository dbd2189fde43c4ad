-- Interop test: Neovim's stock LSP completion (`vim.lsp.omnifunc`, no plugin) with suggest-lsp as the source.
--
-- Run headless:  SUGGEST_LSP=/path/to/suggest-lsp nvim --headless -u NONE -i NONE -n -c 'luafile Interop/neovim/completion.lua'
-- Exits 0 when every check passes, 1 otherwise.
--
-- The test writes a small PyPI-like catalog, binds it to `requirements*.txt` through `init_options`, opens a
-- requirements.txt whose line has non-ASCII text and an emoji before the word, and types in Insert mode:
--   * a prefix (`reque`), then <C-x><C-o> and <C-y>: the popup's first entry is `requests`, and accepting it
--     leaves `café 😀 requests` in the buffer;
--   * a typo (`reqeusts`): the daemon answers `requests` first, with `filterText` and a UTF-16 range (checked on
--     the wire); Neovim 0.7's omnifunc keeps only entries that start with the typed word, so there it shows none.
-- The steps run from timers: omnifunc answers asynchronously and completes only in Insert mode.

local bin = os.getenv('SUGGEST_LSP') or error('SUGGEST_LSP is not set')
local timeout = tonumber(os.getenv('INTEROP_TIMEOUT_MS') or '') or 4000
local failures = 0

local function say(...)
  io.stdout:write(table.concat({ ... }, ' ') .. '\n')
end

local function check(condition, what, detail)
  if condition then
    say('  ok   ' .. what)
  else
    failures = failures + 1
    say('  FAIL ' .. what .. (detail and (': ' .. vim.inspect(detail)) or ''))
  end
  return condition
end

local function finish()
  say(failures == 0 and 'neovim completion: all checks passed' or ('neovim completion: ' .. failures .. ' failed'))
  vim.cmd(failures == 0 and 'qall!' or 'cquit! 1')
end

local function keys(text)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(text, true, false, true), 'n', false)
end

-- Calls `step` once `ready()` holds, or fails `what` after the timeout.
local function when(ready, what, step)
  local waited = 0
  local function poll()
    if ready() then
      step()
    elseif waited >= timeout then
      check(false, what)
      finish()
    else
      waited = waited + 20
      vim.defer_fn(poll, 20)
    end
  end
  vim.defer_fn(poll, 20)
end

local dir = vim.fn.tempname()
vim.fn.mkdir(dir, 'p')
local catalog = dir .. '/pypi.tsv'
vim.fn.writefile({
  'name\tversion\tmonth\trank\tsummary',
  'requests\t2.31.0\t2024-05\t1\tPython HTTP for Humans.',
  'requests-oauthlib\t2.0.0\t2024-03\t60\tOAuthlib authentication support for Requests.',
  'requests-toolbelt\t1.0.0\t2023-05\t90\tA utility belt for advanced users of python-requests',
  'numpy\t2.0.0\t2024-06\t2\tFundamental package for array computing in Python',
}, catalog)

local v = vim.version()
say(string.format('neovim %d.%d.%d, daemon %s', v.major, v.minor, v.patch, bin))
local config = {
  name = 'suggest-lsp',
  cmd = { bin },
  root_dir = dir,
  init_options = { completion = { catalogs = { { pattern = 'requirements*.txt', path = catalog } } } },
}
local client_id
if vim.fn.has('nvim-0.11') == 1 then
  client_id = vim.lsp.start(config, { attach = false })
else
  client_id = vim.lsp.start_client(config)
end
local client = vim.lsp.get_client_by_id(client_id)
vim.wait(timeout, function()
  return client.initialized == true
end, 10)
if not check(client.initialized == true, 'initialize is answered') then
  finish()
  return
end
check(client.server_capabilities.completionProvider ~= nil, 'the daemon offers completion')

vim.cmd('edit ' .. dir .. '/requirements.txt')
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)
vim.bo[buf].omnifunc = 'v:lua.vim.lsp.omnifunc'
vim.o.completeopt = 'menuone'
vim.api.nvim_buf_set_lines(buf, 0, -1, false, { 'café 😀 reqeusts', 'flask' })

-- The typo, on the wire: what the daemon answers (the buffer's text reached it through didOpen/didChange).
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 0, character = 16 } }
local replies = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, timeout) or {}
local list = (replies[client_id] or {}).result or {}
local top = (list.items or {})[1] or {}
check(top.label == 'requests', 'typo "reqeusts": the daemon answers requests first', top)
check(top.filterText == 'reqeusts', 'the typo hit carries filterText "reqeusts"', top.filterText)
check(top.textEdit and top.textEdit.range.start.character == 8 and top.textEdit.range['end'].character == 16,
  'its textEdit replaces the word at UTF-16 columns 8-16 (the emoji counts two)', top.textEdit)

-- The typo through omnifunc: Neovim 0.7 drops entries that do not start with the typed word.
vim.api.nvim_win_set_cursor(0, { 1, #'café 😀 reqeusts' })
keys('A<C-x><C-o>')
vim.defer_fn(function()
  local shown = vim.fn.pumvisible() == 1
  if vim.fn.has('nvim-0.8') == 0 then
    check(not shown, 'Neovim 0.7 omnifunc shows no entry for the typo (it filters by prefix)')
  end
  keys('<C-e><Esc>')
  -- The prefix: type it over the typo, complete, accept the first entry.
  vim.defer_fn(function()
    vim.api.nvim_buf_set_lines(buf, 0, 1, false, { 'café 😀 reque' })
    vim.api.nvim_win_set_cursor(0, { 1, #'café 😀 reque' })
    keys('A<C-x><C-o>')
    when(function()
      return vim.fn.pumvisible() == 1
    end, 'the popup opens for the prefix "reque"', function()
      local info = vim.fn.complete_info({ 'items' })
      local first = (info.items or {})[1] or {}
      check(first.word == 'requests', 'the popup lists requests first', info.items)
      keys('<C-y><Esc>')
      when(function()
        return vim.fn.mode() == 'n'
      end, 'back in Normal mode', function()
        local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
        check(line == 'café 😀 requests', 'accepting leaves "café 😀 requests" in the buffer', line)
        finish()
      end)
    end)
  end, 200)
end, 500)
