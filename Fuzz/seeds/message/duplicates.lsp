Content-Length: 69

{"jsonrpc":"2.0","id":7,"method":"test/sleep","params":{"yields":10}}Content-Length: 45

{"jsonrpc":"2.0","id":7,"method":"test/echo"}Content-Length: 47

{"jsonrpc":"2.0","id":7,"method":"test/inline"}