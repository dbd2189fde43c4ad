Content-Length: 77

{"jsonrpc":"2.0","id":"9007199254740993","method":"test/inline","params":[1]}Content-Length: 75

{"jsonrpc":"2.0","id":9007199254740993,"method":"test/inline","params":[2]}Content-Length: 45

{"jsonrpc":"2.0","id":0,"method":"test/echo"}Content-Length: 48

{"jsonrpc":"2.0","id":null,"method":"test/echo"}Content-Length: 48

{"jsonrpc":"2.0","id":"é","method":"test/echo"}Content-Length: 47

{"jsonrpc":"2.0","id":1.5,"method":"test/echo"}Content-Length: 49

{"jsonrpc":"2.0","id":1e400,"method":"test/echo"}Content-Length: 48

{"jsonrpc":"2.0","id":-0,"method":"test/inline"}