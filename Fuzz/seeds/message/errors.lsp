Content-Length: 75

{"jsonrpc":"2.0","id":30,"method":"test/fail","params":{"kind":"response"}}Content-Length: 73

{"jsonrpc":"2.0","id":31,"method":"test/fail","params":{"kind":"cancel"}}Content-Length: 75

{"jsonrpc":"2.0","id":32,"method":"test/fail","params":{"kind":"decoding"}}Content-Length: 78

{"jsonrpc":"2.0","id":33,"method":"test/failInline","params":{"kind":"other"}}Content-Length: 46

{"jsonrpc":"2.0","id":34,"method":"test/nope"}Content-Length: 73

{"jsonrpc":"2.0","id":35,"method":"search/complete","params":{"query":5}}Content-Length: 86

{"jsonrpc":"2.0","id":36,"method":"search/complete","params":{"limit":-1,"query":"x"}}