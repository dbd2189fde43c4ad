Content-Length: 69

{"jsonrpc":"2.0","id":2,"method":"test/sleep","params":{"yields":20}}Content-Length: 62

{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}Content-Length: 64

{"jsonrpc":"2.0","id":2,"method":"test/echo","params":["again"]}