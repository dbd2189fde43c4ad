# suggest-lsp as the completion source of requirements files in Kakoune with kak-lsp (kakoune-lsp 17+): add to
# kakrc after `eval %sh{kak-lsp}` and `lsp-enable`.
hook global BufCreate .*/requirements[^/]*\.txt %{
    set-option buffer filetype requirements
}
hook -group lsp-filetype-requirements global BufSetOption filetype=requirements %{
    set-option buffer lsp_servers %{
        [suggest-lsp]
        root_globs = ["requirements*.txt", ".git"]
        command = "suggest-lsp"
        args = ["--catalog", "/home/me/.local/share/suggest-lsp/pypi.tsv"]
    }
}
