-- Drives a Neovim started with one of the snippets as its init.lua (HOME and PATH set by test-editors.sh): opens a
-- requirements.txt, waits for suggest-lsp to attach, and asks for completions of a typo. Exits 0 when requests
-- comes first.
local function fail(message)
  io.stdout:write('FAIL ' .. message .. '\n')
  vim.cmd('cquit! 1')
end

local path = vim.fn.tempname()
vim.fn.mkdir(path, 'p')
vim.cmd('edit ' .. path .. '/requirements.txt')
local buf = vim.api.nvim_get_current_buf()
vim.api.nvim_buf_set_lines(buf, 0, -1, false, { 'café 😀 reqeusts' })
local attached = vim.wait(5000, function()
  return #vim.lsp.get_active_clients({ bufnr = buf }) > 0
    and vim.lsp.get_active_clients({ bufnr = buf })[1].initialized
end, 20)
if not attached then
  return fail('suggest-lsp did not attach to requirements.txt')
end
if vim.bo[buf].omnifunc ~= 'v:lua.vim.lsp.omnifunc' then
  return fail('omnifunc is not vim.lsp.omnifunc: ' .. vim.bo[buf].omnifunc)
end
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 0, character = 16 } }
local replies = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, 5000) or {}
for _, reply in pairs(replies) do
  local top = reply.result and reply.result.items and reply.result.items[1]
  if top and top.label == 'requests' then
    io.stdout:write('neovim snippet: requests first for "reqeusts"\n')
    vim.cmd('qall!')
    return
  end
end
fail('no completion with requests first: ' .. vim.inspect(replies))
