;;; suggest-lsp as the completion source of requirements files in Emacs 28+ with Eglot: add to init.el.
;;; Complete with M-TAB (completion-at-point), or as you type with Corfu or Company.
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `(text-mode . ("suggest-lsp" "--catalog"
                              ,(expand-file-name "~/.local/share/suggest-lsp/pypi.tsv")))))

(defun suggest-lsp-maybe-start ()
  "Start Eglot in requirements files."
  (when (and buffer-file-name
             (string-match-p "/requirements[^/]*\\.txt\\'" buffer-file-name))
    (eglot-ensure)))
(add-hook 'text-mode-hook #'suggest-lsp-maybe-start)
