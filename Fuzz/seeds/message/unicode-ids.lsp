Content-Length: 72

{"jsonrpc":"2.0","id":"é","method":"test/sleep","params":{"yields":30}}Content-Length: 64

{"jsonrpc":"2.0","id":"é","method":"test/inline","params":[1]}Content-Length: 66

{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"é"}}Content-Length: 48

{"jsonrpc":"2.0","id":"Å","method":"test/echo"}Content-Length: 49

{"jsonrpc":"2.0","id":"Å","method":"test/echo"}