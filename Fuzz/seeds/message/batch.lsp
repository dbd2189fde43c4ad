Content-Length: 297

[{"jsonrpc":"2.0","id":2,"method":"search/complete","params":{"query":"ip","limit":5}},{"jsonrpc":"2.0","method":"test/ping"},{"jsonrpc":"2.0","id":9,"method":"recents/add","params":{"text":"iPhone 15","id":"iphone-15"}},{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}},{"bad":1},[]]Content-Length: 81

[{"jsonrpc":"2.0","method":"test/ping"},{"jsonrpc":"2.0","method":"initialized"}]Content-Length: 152

[{"jsonrpc":"2.0","id":40,"method":"test/sleep","params":{"yields":5}},{"jsonrpc":"2.0","method":"exit"},{"jsonrpc":"2.0","id":41,"method":"test/echo"}]Content-Length: 141

[{"jsonrpc":"2.0","id":42,"method":"test/echo"},{"jsonrpc":"2.0","id":99,"method":"shutdown"},{"jsonrpc":"2.0","id":43,"method":"test/echo"}]