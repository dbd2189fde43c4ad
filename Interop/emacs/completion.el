;;; completion.el --- Interop test: Eglot's completion-at-point with suggest-lsp  -*- lexical-binding: t; -*-
;;
;; Run:  SUGGEST_LSP=/path/to/suggest-lsp emacs --batch -Q -l Interop/emacs/completion.el
;; Exits 0 when every check passes, 1 otherwise.
;;
;; Debian's Emacs 28 with Debian's elpa-eglot (1.9), no other package. The test writes a small PyPI-like catalog,
;; binds it to requirements*.txt through :initializationOptions, opens a requirements.txt whose line has
;; non-ASCII text and an emoji before the word, and runs Eglot's completion-at-point function the way
;; `completion-at-point' does (the `basic' style: the candidates the table keeps for the typed word, sorted by
;; the table's display-sort-function, i.e. sortText), then accepts the first through the exit function, which
;; resolves the item (completionItem/resolve) and applies its textEdit. Eglot 1.9 filters candidates by prefix
;; on `filterText' when an item has one, else on the label: a typo hit shows only thanks to `filterText'.

;; -Q skips Debian's site packages; activating them finds elpa-eglot.
(require 'package)
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'eglot)

(defvar interop-failures 0)
(defvar interop-bin (or (getenv "SUGGEST_LSP") (error "SUGGEST_LSP is not set")))

(defun interop-check (condition what &optional detail)
  (if condition
      (princ (format "  ok   %s\n" what))
    (setq interop-failures (1+ interop-failures))
    (princ (format "  FAIL %s%s\n" what (if detail (format ": %S" detail) ""))))
  condition)

(defun interop-candidates ()
  "The candidates completion-at-point would offer at point, sorted as it would show them, and the capf data."
  (let* ((capf (eglot-completion-at-point))
         (start (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf))
         (typed (buffer-substring-no-properties start end))
         (all (completion-all-completions typed table nil (length typed)))
         (sort (completion-metadata-get (completion-metadata typed table nil) 'display-sort-function)))
    (when (consp all) (setcdr (last all) nil))
    (list (if (and sort (consp all)) (funcall sort all) all) capf)))

(defun interop-accept (candidate capf)
  "Accepts CANDIDATE as completion-at-point does: insert it over the typed word, then run the exit function."
  (let ((start (nth 0 capf)) (end (nth 1 capf))
        (exit (plist-get (nthcdr 3 capf) :exit-function)))
    (completion--replace start end candidate)
    (goto-char (+ start (length candidate)))
    (funcall exit candidate 'finished)))

(let* ((dir (make-temp-file "suggest-eglot" t))
       (catalog (expand-file-name "pypi.tsv" dir))
       (file (expand-file-name "requirements.txt" dir))
       (completion-styles '(basic))
       (eglot-sync-connect t)
       (eglot-autoshutdown nil))
  (with-temp-file catalog
    (insert "name\tversion\tmonth\trank\tsummary\n"
            "requests\t2.31.0\t2024-05\t1\tPython HTTP for Humans.\n"
            "requests-oauthlib\t2.0.0\t2024-03\t60\tOAuthlib authentication support for Requests.\n"
            "requests-toolbelt\t1.0.0\t2023-05\t90\tA utility belt for advanced users of python-requests\n"
            "numpy\t2.0.0\t2024-06\t2\tFundamental package for array computing in Python\n"))
  (with-temp-file file (insert "café 😀 reqeusts\nnum\n"))
  (princ (format "emacs %s, eglot %s, daemon %s\n" emacs-version
                 (or (ignore-errors (pkg-info-version-info 'eglot)) "1.9") interop-bin))
  (find-file file)
  (text-mode)
  (condition-case err
      (eglot '(text-mode) (cons 'transient dir) 'eglot-lsp-server
             (list interop-bin "--log-level" "off"
                   :initializationOptions
                   `(:completion (:catalogs [(:pattern "requirements*.txt" :path ,catalog)])))
             "pip-requirements")
    (error (interop-check nil "eglot connects" err)))
  (when (interop-check (eglot-current-server) "eglot manages the buffer")
    ;; The typo after "café 😀 ".
    (goto-char (point-min))
    (end-of-line)
    (pcase-let ((`(,candidates ,capf) (interop-candidates)))
      (interop-check (equal (car candidates) "requests") "typo \"reqeusts\": requests is the first candidate"
                     candidates)
      (when (car candidates)
        (interop-accept (car candidates) capf)
        (interop-check (equal (buffer-substring-no-properties (line-beginning-position) (line-end-position))
                              "café 😀 requests")
                       "accepting leaves \"café 😀 requests\" on the line"
                       (buffer-substring-no-properties (line-beginning-position) (line-end-position)))))
    ;; The prefix on the next line.
    (forward-line 1)
    (end-of-line)
    (pcase-let ((`(,candidates ,capf) (interop-candidates)))
      (interop-check (equal (car candidates) "numpy") "prefix \"num\": numpy is the first candidate" candidates)
      (when (car candidates)
        (interop-accept (car candidates) capf)
        (interop-check (equal (buffer-substring-no-properties (line-beginning-position) (line-end-position))
                              "numpy")
                       "accepting leaves \"numpy\" on the line")))
    (ignore-errors (eglot-shutdown (eglot-current-server))))
  (set-buffer-modified-p nil)
  (delete-directory dir t)
  (princ (if (zerop interop-failures) "emacs completion: all checks passed\n"
           (format "emacs completion: %d failed\n" interop-failures)))
  (kill-emacs (if (zerop interop-failures) 0 1)))
