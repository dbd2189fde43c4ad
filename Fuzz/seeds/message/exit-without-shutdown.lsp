Content-Length: 69

{"jsonrpc":"2.0","id":1,"method":"test/sleep","params":{"yields":50}}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}Content-Length: 45

{"jsonrpc":"2.0","id":2,"method":"test/echo"}