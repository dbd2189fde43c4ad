Content-Length: 58

{"jsonrpc":"2.0","id":3,"method":"test/echo","params":[1]}Content-Length: 62

{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}Content-Length: 72

{"jsonrpc":"2.0","id":3,"method":"search/filter","params":{"query":"q"}}