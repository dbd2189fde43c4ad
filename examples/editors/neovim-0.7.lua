-- suggest-lsp as the completion source of requirements files in Neovim 0.7-0.10, with no plugin.
-- Put it in init.lua; complete with <C-x><C-o> in Insert mode (the stock vim.lsp.omnifunc).
local catalog = vim.fn.expand('~/.local/share/suggest-lsp/pypi.tsv')
local client_id

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = 'requirements*.txt',
  callback = function(args)
    client_id = client_id or vim.lsp.start_client({
      name = 'suggest-lsp',
      cmd = { 'suggest-lsp', '--catalog', catalog },
      root_dir = vim.fn.getcwd(),
    })
    vim.lsp.buf_attach_client(args.buf, client_id)
    vim.bo[args.buf].omnifunc = 'v:lua.vim.lsp.omnifunc'
  end,
})
