-- Interop test: Neovim's built-in LSP client (vim.lsp) drives suggest-lsp.
--
-- Run headless:  SUGGEST_LSP=/path/to/suggest-lsp nvim --headless -u NONE -i NONE -n -c 'luafile Interop/neovim/test.lua'
-- Exits 0 when every check passes, 1 otherwise (each failure is printed).
--
-- What Neovim does on the wire, and what this checks:
--   * initialize with Neovim's default client capabilities (no positionEncodings in 0.7-0.9: utf-16),
--     then `initialized` with `{}` (vim.empty_dict());
--   * request_sync of custom methods; an empty Lua table `{}` is encoded as `[]` by vim.json, so
--     `client.request_sync('recents/list', {})` sends `"params": []`;
--   * cancel_request sends `$/cancelRequest {id}`; Neovim mutes -32800 replies (the handler is never called, the
--     pending request is only cleared), so cancellation and supersession are checked through client.requests;
--   * stop() sends `shutdown` (no params), then `exit`; the process must exit with status 0.

local bin = os.getenv('SUGGEST_LSP') or error('SUGGEST_LSP is not set')
local timeout = tonumber(os.getenv('INTEROP_TIMEOUT_MS') or '') or 4000
local fail_fast = os.getenv('INTEROP_FAIL_FAST') == '1'
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
    if fail_fast then
      error('stopping at the first failure (INTEROP_FAIL_FAST)', 0)
    end
  end
  return condition
end

-- Neovim 0.11 turned client functions into methods and deprecated vim.lsp.start_client; 0.7 has only this form.
local modern = vim.fn.has('nvim-0.11') == 1
local function call(client, name, ...)
  if modern then
    return client[name](client, ...)
  end
  return client[name](...)
end

local function labels(section)
  local out = {}
  for _, item in ipairs(section and section.items or {}) do
    table.insert(out, item.label)
  end
  return out
end

local function section_named(result, id)
  for _, section in ipairs(result and result.sections or {}) do
    if section.id == id then
      return section
    end
  end
  return nil
end

local function run()
  local v = vim.version()
  say(string.format('neovim %d.%d.%d, daemon %s', v.major, v.minor, v.patch, bin))

  local exit_status
  local init_result
  local config = {
    name = 'suggest-lsp',
    cmd = { bin },
    on_init = function(_, result)
      init_result = result
    end,
    on_exit = function(code, signal)
      exit_status = { code = code, signal = signal }
    end,
  }
  local client_id
  if modern then
    client_id = vim.lsp.start(config, { attach = false })
  else
    client_id = vim.lsp.start_client(config)
  end
  if not check(client_id ~= nil, 'the client starts the daemon') then
    return
  end
  local client = vim.lsp.get_client_by_id(client_id)
  vim.wait(timeout, function()
    return client.initialized == true
  end, 10)
  if not check(client.initialized == true, 'initialize is answered') then
    return
  end
  check(init_result and init_result.serverInfo and init_result.serverInfo.name == 'suggest-lsp',
    'serverInfo.name is suggest-lsp', init_result and init_result.serverInfo)
  check(client.server_capabilities.positionEncoding == 'utf-16',
    'position encoding defaults to utf-16', client.server_capabilities.positionEncoding)

  -- search/complete: the suggestion popup for "ip".
  local reply, err = call(client, 'request_sync', 'search/complete', { query = 'ip' }, timeout, 0)
  if check(reply and reply.err == nil and reply.result, 'search/complete {query: "ip"} answers', err or reply) then
    local tokens = section_named(reply.result, 'tokens')
    local suggestions = section_named(reply.result, 'suggestions')
    check(vim.deep_equal(labels(tokens), { 'iPad', 'iPhone' }), 'tokens section: iPad, iPhone', labels(tokens))
    check(vim.deep_equal(labels(suggestions), { 'iPad', 'iPod', 'iPhone', 'iPad Air', 'iPad Pro' }),
      'suggestions section: iPad, iPod, iPhone, iPad Air, iPad Pro', labels(suggestions))
    local first = suggestions and suggestions.items[1] or {}
    check(first.kind == 'item' and first.completion == 'iPad' and vim.deep_equal(first.matches, { { 0, 2 } }),
      'first suggestion: kind item, completion iPad, matches [[0,2]]', first)
    check(reply.result.sections[1].id == 'tokens', 'the tokens section comes first', reply.result.sections[1].id)
  end

  -- search/filter with a typo.
  reply, err = call(client, 'request_sync', 'search/filter', { query = 'macbok', limit = 3 }, timeout, 0)
  if check(reply and reply.err == nil and reply.result, 'search/filter {query: "macbok"} answers', err or reply) then
    local items = reply.result.items or {}
    check(items[1] and items[1].title == 'MacBook', 'typo "macbok" finds MacBook first', items[1])
    check(#items <= 3 and reply.result.total >= #items, 'limit 3 is honoured, total counts all',
      { n = #items, total = reply.result.total })
  end

  -- Highlights in utf-16 code units (an emoji is two of them).
  reply, err = call(client, 'request_sync', 'catalog/load',
    { catalog = 'nv', items = { { id = 'creme', title = '🍎 Crème brûlée' } } }, timeout, 0)
  check(reply and reply.result and reply.result.items == 1, 'catalog/load of an inline item', err or reply)
  reply, err = call(client, 'request_sync', 'search/filter', { catalog = 'nv', query = 'brulee' }, timeout, 0)
  local hit = reply and reply.result and reply.result.items and reply.result.items[1] or {}
  check(vim.deep_equal(hit.matches, { { 9, 15 } }), 'utf-16 highlight of "brûlée" in "🍎 Crème brûlée" is [[9,15]]',
    err or hit)

  -- `{}` params: vim.json encodes an empty table as [] (a Neovim quirk), and nil params are left out.
  reply, err = call(client, 'request_sync', 'recents/add', { text = 'iPad mini', id = 'ipad-mini' }, timeout, 0)
  check(reply and reply.result and #reply.result.recents == 1, 'recents/add answers the recents', err or reply)
  reply, err = call(client, 'request_sync', 'recents/list', {}, timeout, 0)
  check(reply and reply.err == nil and reply.result and reply.result.recents and reply.result.recents[1]
    and reply.result.recents[1].id == 'ipad-mini', 'recents/list with {} (sent as "params": []) lists it', err or reply)
  reply, err = call(client, 'request_sync', 'catalog/stats', nil, timeout, 0)
  check(reply and reply.result and reply.result.items == 34, 'catalog/stats with no params: 34 items', err or reply)
  reply, err = call(client, 'request_sync', 'search/complete', { query = '' }, timeout, 0)
  local recent = reply and reply.result and section_named(reply.result, 'recent')
  check(recent and vim.deep_equal(labels(recent), { 'iPad mini' }), 'empty query: the recent section', err or reply)

  -- Cancellation: a query debounced for 10 s, cancelled with client.cancel_request.
  local cancelled_handler_called = false
  local ok, cancel_id = call(client, 'request', 'search/filter', { query = 'ipad', debounceMs = 10000, field = 'c' },
    function()
      cancelled_handler_called = true
    end, 0)
  check(ok, 'a debounced request is sent')
  call(client, 'cancel_request', cancel_id)
  local started = vim.loop.now()
  vim.wait(timeout, function()
    return client.requests[cancel_id] == nil
  end, 5)
  check(client.requests[cancel_id] == nil and vim.loop.now() - started < 2000,
    'a cancelled request is answered at once (with -32800, which Neovim mutes)', client.requests[cancel_id])
  check(not cancelled_handler_called, 'the cancelled request gets no result')

  -- Supersession: two keystrokes in one field, the first debounced; only the second gets a result.
  local first_result, second_result = nil, nil
  local _, first_id = call(client, 'request', 'search/complete', { query = 'a', field = 'typing', debounceMs = 10000 },
    function(e, r)
      first_result = { err = e, result = r }
    end, 0)
  local _, second_id = call(client, 'request', 'search/complete', { query = 'ai', field = 'typing' },
    function(e, r)
      second_result = { err = e, result = r }
    end, 0)
  vim.wait(timeout, function()
    return second_result ~= nil and client.requests[first_id] == nil
  end, 5)
  check(client.requests[first_id] == nil and first_result == nil,
    'the superseded keystroke is answered with -32800 (muted), never with a result', first_result)
  local sugg = second_result and second_result.result and section_named(second_result.result, 'suggestions')
  check(sugg and labels(sugg)[1] == 'AirPods', 'the newer keystroke "ai" is answered: AirPods first',
    second_result)
  check(second_id ~= first_id, 'distinct request ids')

  -- Clean shutdown: stop() sends shutdown then exit; the daemon must exit 0.
  call(client, 'stop')
  vim.wait(timeout, function()
    return exit_status ~= nil
  end, 10)
  check(exit_status ~= nil, 'the daemon exits after shutdown and exit')
  check(exit_status and exit_status.code == 0 and exit_status.signal == 0, 'exit status 0, no signal', exit_status)
  check(call(client, 'is_stopped'), 'the client reports it stopped')
end

local ok, err = pcall(run)
if not ok then
  if not fail_fast then
    failures = failures + 1
    say('  FAIL the test raised an error: ' .. tostring(err))
  end
end
if failures == 0 then
  say('neovim: all checks passed')
  vim.cmd('qall!')
else
  say(string.format('neovim: %d check(s) failed', failures))
  vim.cmd('cquit 1')
end
