;;; test.el --- Interop test: Emacs' jsonrpc.el drives suggest-lsp  -*- lexical-binding: t; -*-

;; Run: SUGGEST_LSP=/path/to/suggest-lsp emacs --batch -Q -l Interop/emacs/test.el
;; Exits 0 when every check passes, 1 otherwise (each check is printed).
;;
;; What jsonrpc.el (the transport of Eglot) does on the wire:
;; - a request or notification with no params sends "params": null (the daemon must read it as no params);
;; - it writes only a Content-Length header, counting bytes (string-bytes), and its reader looks for
;;   "Content-Length: " (case-sensitive) within the first 100 characters of a message;
;; - ids are integers; results come back as plists, arrays as vectors, null as nil;
;; - a reply with an error makes `jsonrpc-request' signal `jsonrpc-error' with the code and the data.

(require 'jsonrpc)
(require 'cl-lib)

(defvar interop-failures 0)
(defvar interop-timeout
  (let ((ms (string-to-number (or (getenv "INTEROP_TIMEOUT_MS") "")))) (if (> ms 0) (/ ms 1000.0) 4)))

(defun interop-say (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun interop-check (ok what &optional detail)
  (if ok
      (interop-say "  ok   %s" what)
    (cl-incf interop-failures)
    (interop-say "  FAIL %s%s" what (if detail (format ": %S" detail) ""))
    (when (equal (getenv "INTEROP_FAIL_FAST") "1")
      (throw 'interop-stop nil)))
  ok)

(defun interop-wait (done)
  "Wait until DONE returns non-nil, running process filters, at most `interop-timeout' seconds."
  (let ((deadline (+ (float-time) interop-timeout)))
    (while (and (not (funcall done)) (< (float-time) deadline))
      (accept-process-output nil 0.01))
    (funcall done)))

(defun interop-call (conn method params)
  "Send METHOD with PARAMS; return (result . nil), or (nil . (code message data)) on an error reply."
  (condition-case err
      (cons (jsonrpc-request conn method params :timeout interop-timeout) nil)
    (jsonrpc-error
     (cons nil (list (alist-get 'jsonrpc-error-code (cdr err))
                     (alist-get 'jsonrpc-error-message (cdr err))
                     (alist-get 'jsonrpc-error-data (cdr err)))))))

(defun interop-section-labels (result id)
  (let ((section (cl-find-if (lambda (s) (equal (plist-get s :id) id)) (plist-get result :sections))))
    (mapcar (lambda (item) (plist-get item :label)) (plist-get section :items))))

(defun interop-run ()
  (let* ((bin (or (getenv "SUGGEST_LSP") (error "SUGGEST_LSP is not set")))
         (name "suggest-lsp")
         (proc nil)
         (conn (jsonrpc-process-connection
                :name name
                :process (lambda ()
                           (setq proc (make-process
                                       :name name :command (list bin) :connection-type 'pipe
                                       :coding 'utf-8-emacs-unix :noquery t
                                       :stderr (get-buffer-create (format "*%s stderr*" name)))))
                :notification-dispatcher #'ignore
                :request-dispatcher #'ignore)))
    (interop-say "emacs %s, jsonrpc.el, daemon %s" emacs-version bin)

    (let* ((reply (interop-call conn :initialize
                                (list :processId (emacs-pid)
                                      :capabilities (list :general (list :positionEncodings ["utf-8"])))))
           (result (car reply)))
      (interop-check (equal (plist-get (plist-get result :capabilities) :positionEncoding) "utf-8")
                     "initialize negotiates utf-8" reply)
      (interop-check (equal (plist-get (plist-get result :serverInfo) :name) "suggest-lsp")
                     "serverInfo.name is suggest-lsp"))
    ;; jsonrpc.el sends "params": null here.
    (jsonrpc-notify conn :initialized nil)

    (let* ((reply (interop-call conn :search/complete '(:query "ip")))
           (result (car reply)))
      (interop-check (equal (interop-section-labels result "tokens") '("iPad" "iPhone"))
                     "search/complete \"ip\": tokens iPad, iPhone" reply)
      (interop-check (equal (interop-section-labels result "suggestions")
                            '("iPad" "iPod" "iPhone" "iPad Air" "iPad Pro"))
                     "search/complete \"ip\": suggestions iPad, iPod, iPhone, iPad Air, iPad Pro"))

    (let* ((reply (interop-call conn :search/filter '(:query "macbok" :limit 2)))
           (first (aref (or (plist-get (car reply) :items) [nil]) 0)))
      (interop-check (equal (plist-get first :title) "MacBook") "search/filter \"macbok\" (a typo): MacBook first" reply))

    (let ((reply (interop-call conn :catalog/stats nil)))
      (interop-check (eql (plist-get (car reply) :items) 34) "catalog/stats with \"params\": null: 34 items" reply))

    ;; Non-ASCII both ways: Content-Length counts bytes; utf-8 highlight offsets.
    (interop-call conn :catalog/load '(:catalog "el" :items [(:id "crème" :title "🍎 Crème brûlée")]))
    (let* ((reply (interop-call conn :search/filter '(:catalog "el" :query "brulee")))
           (first (aref (or (plist-get (car reply) :items) [nil]) 0)))
      (interop-check (and (equal (plist-get first :title) "🍎 Crème brûlée") (equal (plist-get first :id) "crème"))
                     "a non-ASCII title and id round-trip" reply)
      (interop-check (equal (plist-get first :matches) [[12 20]]) "utf-8 highlight of \"brûlée\" is [[12,20]]" first))

    (interop-call conn :recents/add '(:text "Magic Mouse" :id "magic-mouse"))
    (let* ((reply (interop-call conn :recents/list nil))
           (recents (plist-get (car reply) :recents)))
      (interop-check (and (= (length recents) 1) (equal (plist-get (aref recents 0) :id) "magic-mouse"))
                     "recents/add, then recents/list with \"params\": null" reply))

    (let ((reply (interop-call conn :search/complete '(:query 5))))
      (interop-check (and (null (car reply)) (eql (nth 0 (cdr reply)) -32602)
                          (equal (nth 1 (cdr reply)) "params.query: expected a string, got a number"))
                     "a wrong param type signals jsonrpc-error -32602 naming the field" reply))

    ;; Cancellation: the id of an asynchronous request, then $/cancelRequest (as Eglot does).
    (let* ((error-code nil) (got-result nil)
           (id (car (jsonrpc--async-request-1
                     conn :search/filter '(:query "ipad" :debounceMs 10000 :field "slow")
                     :success-fn (lambda (_) (setq got-result t))
                     :error-fn (jsonrpc-lambda (&key code &allow-other-keys) (setq error-code code))
                     :timeout interop-timeout))))
      (jsonrpc-notify conn :$/cancelRequest (list :id id))
      (interop-wait (lambda () (or error-code got-result)))
      (interop-check (and (eql error-code -32800) (not got-result)) "a cancelled request is answered with -32800"
                     (list :code error-code :result got-result)))

    ;; Supersession: two keystrokes in one field.
    (let* ((first-data nil) (second-result nil)
           (first-id (car (jsonrpc--async-request-1
                           conn :search/complete '(:query "s" :field "box" :debounceMs 10000)
                           :success-fn #'ignore
                           :error-fn (jsonrpc-lambda (&key data &allow-other-keys) (setq first-data (or data t)))
                           :timeout interop-timeout)))
           (second-id (car (jsonrpc--async-request-1
                            conn :search/complete '(:query "st" :field "box")
                            :success-fn (lambda (result) (setq second-result result))
                            :error-fn #'ignore
                            :timeout interop-timeout))))
      (interop-wait (lambda () (and first-data second-result)))
      (interop-check (and (listp first-data) (equal (plist-get first-data :reason) "superseded")
                          (eql (plist-get first-data :by) second-id) (/= first-id second-id))
                     "the first keystroke is superseded by the second" first-data)
      (interop-check (equal (car (interop-section-labels second-result "suggestions")) "Studio Display")
                     "the second keystroke \"st\" is answered: Studio Display first" second-result))

    ;; shutdown with "params": null answers null; exit ends the process with status 0.
    (let ((reply (interop-call conn :shutdown nil)))
      (interop-check (and (null (car reply)) (null (cdr reply))) "shutdown answers null" reply))
    (jsonrpc-notify conn :exit nil)
    (interop-wait (lambda () (not (process-live-p proc))))
    (interop-check (and (not (process-live-p proc)) (eq (process-status proc) 'exit) (= (process-exit-status proc) 0))
                   "the daemon exits with status 0 after shutdown and exit"
                   (list (process-status proc) (process-exit-status proc)))
    (when (process-live-p proc) (delete-process proc))))

(condition-case err
    (catch 'interop-stop (interop-run))
  (error (cl-incf interop-failures)
         (interop-say "  FAIL the test raised an error: %S" err)))
(if (= interop-failures 0)
    (interop-say "emacs: all checks passed")
  (interop-say "emacs: %d check(s) failed" interop-failures))
(kill-emacs (if (= interop-failures 0) 0 1))
