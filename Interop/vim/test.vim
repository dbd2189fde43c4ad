" Interop test: Vim 9's job_start() in "lsp" channel mode drives suggest-lsp.
"
" Run: SUGGEST_LSP=/path/to/suggest-lsp vim -N -u NONE -i NONE -n -es -S Interop/vim/test.vim
" Exits 0 when every check passes, 1 otherwise (each check is printed).
"
" Vim in lsp mode adds the Content-Length header and "jsonrpc": "2.0", numbers its requests itself (ids are numbers),
" returns the whole response message from ch_evalexpr() (or {} on a timeout) and delivers asynchronous replies to
" the callback given to ch_sendexpr().

let s:bin = $SUGGEST_LSP
let s:timeout = str2nr($INTEROP_TIMEOUT_MS) > 0 ? str2nr($INTEROP_TIMEOUT_MS) : 4000
let s:failures = 0

func s:Say(msg)
  call writefile([a:msg], '/dev/stdout', 'a')
endfunc

func s:Check(cond, what, ...)
  if a:cond
    call s:Say('  ok   ' .. a:what)
  else
    let s:failures += 1
    call s:Say('  FAIL ' .. a:what .. (a:0 ? ': ' .. string(a:1) : ''))
    if $INTEROP_FAIL_FAST == '1'
      throw 'interop: stopping at the first failure'
    endif
  endif
  return a:cond
endfunc

" Waits until a:Done() is true, letting Vim run channel callbacks, at most s:timeout ms.
func s:WaitFor(Done)
  let l:start = reltime()
  while !a:Done() && reltimefloat(reltime(l:start)) * 1000 < s:timeout
    sleep 5m
  endwhile
  return a:Done()
endfunc

func s:Labels(result, id)
  for l:section in get(a:result, 'sections', [])
    if l:section.id == a:id
      return map(copy(l:section.items), 'v:val.label')
    endif
  endfor
  return []
endfunc

func s:Call(method, params)
  return ch_evalexpr(s:ch, {'method': a:method, 'params': a:params}, {'timeout': s:timeout})
endfunc

let s:exit_status = -1
func s:OnExit(job, status)
  let s:exit_status = a:status
endfunc

let s:replies = {}
func s:OnReply(channel, message)
  let s:replies[a:message.id] = a:message
endfunc

func s:Run()
  call s:Say(printf('vim %d.%d.%d, daemon %s', v:version / 100, v:version % 100, v:versionlong % 10000, s:bin))
  if !s:Check(has('channel') && has('job') && has('patch-8.2.4648'), 'this Vim has lsp channel mode')
    return
  endif
  let s:job = job_start([s:bin], {'in_mode': 'lsp', 'out_mode': 'lsp', 'err_io': 'null',
        \ 'exit_cb': function('s:OnExit'), 'noblock': 1})
  if !s:Check(job_status(s:job) == 'run', 'job_start runs the daemon', job_status(s:job))
    return
  endif
  let s:ch = job_getchannel(s:job)

  let l:init = s:Call('initialize', {'processId': getpid(),
        \ 'capabilities': {'general': {'positionEncodings': ['utf-32', 'utf-16']}}})
  call s:Check(get(get(l:init, 'result', {}), 'capabilities', {})->get('positionEncoding', '') == 'utf-32',
        \ 'initialize negotiates utf-32', l:init)
  call s:Check(get(get(l:init, 'result', {}), 'serverInfo', {})->get('name', '') == 'suggest-lsp',
        \ 'serverInfo.name is suggest-lsp')
  call ch_sendexpr(s:ch, {'method': 'initialized', 'params': {}})

  let l:reply = s:Call('search/complete', {'query': 'ip'})
  let l:result = get(l:reply, 'result', {})
  call s:Check(s:Labels(l:result, 'tokens') == ['iPad', 'iPhone'], 'search/complete "ip": tokens iPad, iPhone', l:reply)
  call s:Check(s:Labels(l:result, 'suggestions') == ['iPad', 'iPod', 'iPhone', 'iPad Air', 'iPad Pro'],
        \ 'search/complete "ip": suggestions iPad, iPod, iPhone, iPad Air, iPad Pro')

  let l:reply = s:Call('search/filter', {'query': 'macbok', 'limit': 2})
  let l:items = get(get(l:reply, 'result', {}), 'items', [{}])
  call s:Check(get(get(l:items, 0, {}), 'title', '') == 'MacBook', 'search/filter "macbok" (a typo): MacBook first', l:reply)

  " utf-32 offsets: the emoji is one code point.
  call s:Call('catalog/load', {'catalog': 'vim', 'items': [{'title': "🍎 Crème brûlée"}]})
  let l:reply = s:Call('search/filter', {'catalog': 'vim', 'query': 'brulee'})
  let l:items = get(get(l:reply, 'result', {}), 'items', [{}])
  call s:Check(get(get(l:items, 0, {}), 'matches', []) == [[8, 14]], 'utf-32 highlight of "brûlée" is [[8,14]]', l:reply)

  let l:reply = s:Call('search/tokens', {'query': '#a', 'limit': 2})
  call s:Check(map(copy(get(get(l:reply, 'result', {}), 'tokens', [])), 'v:val.id') == ['audio', 'accessories'],
        \ 'search/tokens "#a": audio, accessories', l:reply)

  let l:reply = s:Call('recents/add', {'text': 'HomePod', 'id': 'homepod'})
  call s:Check(get(get(get(l:reply, 'result', {}), 'recents', [{}]), 0, {})->get('id', '') == 'homepod',
        \ 'recents/add answers the recents', l:reply)
  let l:reply = s:Call('recents/list', {})
  call s:Check(len(get(get(l:reply, 'result', {}), 'recents', [])) == 1, 'recents/list with {} params', l:reply)

  let l:reply = s:Call('search/complete', {'query': 5})
  call s:Check(get(get(l:reply, 'error', {}), 'code', 0) == -32602, 'a wrong param type is -32602', l:reply)

  " Cancellation: a debounced query cancelled with $/cancelRequest {id}, the id that ch_sendexpr() returned.
  let l:sent = ch_sendexpr(s:ch, {'method': 'search/filter', 'params': {'query': 'ipad', 'debounceMs': 10000}},
        \ {'callback': function('s:OnReply')})
  call ch_sendexpr(s:ch, {'method': '$/cancelRequest', 'params': {'id': l:sent.id}})
  call s:WaitFor({-> has_key(s:replies, l:sent.id)})
  call s:Check(get(get(get(s:replies, l:sent.id, {}), 'error', {}), 'code', 0) == -32800,
        \ 'the cancelled request is answered with -32800', get(s:replies, l:sent.id, 'no reply'))

  " Supersession: two keystrokes in one field.
  let l:first = ch_sendexpr(s:ch, {'method': 'search/complete',
        \ 'params': {'query': 'h', 'field': 'box', 'debounceMs': 10000}}, {'callback': function('s:OnReply')})
  let l:second = ch_sendexpr(s:ch, {'method': 'search/complete', 'params': {'query': 'ho', 'field': 'box'}},
        \ {'callback': function('s:OnReply')})
  call s:WaitFor({-> has_key(s:replies, l:first.id) && has_key(s:replies, l:second.id)})
  call s:Check(get(get(get(s:replies, l:first.id, {}), 'error', {}), 'data', {}) ==
        \ {'reason': 'superseded', 'by': l:second.id}, 'the first keystroke is superseded by the second',
        \ get(s:replies, l:first.id, 'no reply'))
  call s:Check(s:Labels(get(get(s:replies, l:second.id, {}), 'result', {}), 'suggestions')->get(0, '') == 'HomePod',
        \ 'the second keystroke "ho" is answered: HomePod first', get(s:replies, l:second.id, 'no reply'))

  let l:reply = s:Call('shutdown', v:null)
  call s:Check(has_key(l:reply, 'result') && l:reply.result == v:null, 'shutdown answers null', l:reply)
  call ch_sendexpr(s:ch, {'method': 'exit'})
  call s:WaitFor({-> s:exit_status >= 0})
  call s:Check(s:exit_status == 0, 'the daemon exits with status 0 after shutdown and exit', s:exit_status)
endfunc

try
  call s:Run()
catch /^interop: stopping/
catch
  let s:failures += 1
  call s:Say('  FAIL the test raised an error: ' .. v:exception .. ' at ' .. v:throwpoint)
endtry
if exists('s:job') && job_status(s:job) == 'run'
  call job_stop(s:job, 'kill')
endif
if s:failures == 0
  call s:Say('vim: all checks passed')
  qall!
else
  call s:Say('vim: ' .. s:failures .. ' check(s) failed')
  cquit 1
endif
