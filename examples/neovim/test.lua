-- Test of the Neovim example, headless:
--   SUGGEST_LSP=/path/to/suggest-lsp nvim --headless -u NONE -i NONE -n -c 'luafile examples/neovim/test.lua'
-- Puts the module on a scratch buffer, types a word in insert mode, completes it with <C-x><C-u>, and checks the
-- completion items (complete_info()) and the inserted text; also calls the completefunc directly.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
vim.opt.runtimepath:append(here)
local failures = 0
local function check(ok, what, detail)
  io.stdout:write((ok and '  ok   ' or '  FAIL ') .. what .. ((not ok and detail) and (': ' .. vim.inspect(detail)) or '') .. '\n')
  if not ok then
    failures = failures + 1
  end
end

local function run()
  local suggest = require('suggest_complete')
  suggest.setup({ cmd = { os.getenv('SUGGEST_LSP') or 'suggest-lsp' } })
  local buf = vim.api.nvim_create_buf(true, true)
  vim.api.nvim_set_current_buf(buf)
  suggest.attach(buf)
  check(vim.bo[buf].completefunc == "v:lua.require'suggest_complete'.complete", 'attach sets the completefunc')

  -- The completefunc called as Vim calls it.
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, { 'buy a mbp' })
  vim.api.nvim_win_set_cursor(0, { 1, 9 })
  check(suggest.complete(1, '') == 6, 'findstart: the word "mbp" starts at byte 6', suggest.complete(1, ''))
  local items = suggest.complete(0, 'mbp')
  check(items[1] and items[1].word == 'MacBook Pro' and items[1].menu == '[Suggestions]' and items[1].equal == 1,
    'findstart 0: "mbp" completes to MacBook Pro', items[1])
  items = suggest.complete(0, '#au')
  check(items[1] and items[1].word == '#Audio' and items[1].kind == 't', '"#au" completes to the token #Audio', items[1])

  -- Real completion: type a word with a typo in insert mode, <C-x><C-u>, read complete_info() from a <Cmd> mapping.
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, {})
  _G.suggest_test_info = nil
  vim.api.nvim_set_keymap('i', '<F5>', "<Cmd>lua _G.suggest_test_info = vim.fn.complete_info({'mode', 'items'})<CR>", {})
  vim.opt.completeopt = 'menuone'
  local keys = vim.api.nvim_replace_termcodes('iI want a macbok<C-x><C-u><F5><Esc>', true, false, true)
  vim.api.nvim_feedkeys(keys, 'xt', false)
  local info = _G.suggest_test_info or {}
  local words = {}
  for _, item in ipairs(info.items or {}) do
    table.insert(words, item.word)
  end
  check(info.mode == 'function', 'complete_info() shows a completefunc completion', info.mode)
  check(words[1] == 'MacBook' and vim.tbl_contains(words, 'MacBook Air'), 'the items for "macbok": MacBook first',
    words)
  local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
  check(line == 'I want a MacBook', 'the first item replaced the typed word', line)

  check(suggest.stop(), 'stop() ends the daemon')
end

local ok, err = pcall(run)
if not ok then
  failures = failures + 1
  io.stdout:write('  FAIL the test raised an error: ' .. tostring(err) .. '\n')
end
io.stdout:write(failures == 0 and 'neovim example: all checks passed\n' or ('neovim example: ' .. failures .. ' failed\n'))
vim.cmd(failures == 0 and 'qall!' or 'cquit 1')
