-- suggest-lsp as the completion source of requirements files in Neovim 0.11+ (vim.lsp.config), with no plugin.
-- Put it in init.lua; completion pops up as you type (vim.lsp.completion), or with <C-x><C-o>.
vim.filetype.add({ pattern = { ['.*/requirements[^/]*%.txt'] = 'requirements' } })

vim.lsp.config('suggest_lsp', {
  cmd = { 'suggest-lsp', '--catalog', vim.fn.expand('~/.local/share/suggest-lsp/pypi.tsv') },
  filetypes = { 'requirements' },
  root_markers = { '.git' },
})
vim.lsp.enable('suggest_lsp')

vim.api.nvim_create_autocmd('LspAttach', {
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if client and client.name == 'suggest_lsp' then
      vim.lsp.completion.enable(true, client.id, args.buf, { autotrigger = true })
    end
  end,
})
