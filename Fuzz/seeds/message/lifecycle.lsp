Content-Length: 198

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]}},"initializationOptions":{"debounceMs":0,"maxRecents":5}}}Content-Length: 40

{"jsonrpc":"2.0","method":"initialized"}Content-Length: 85

{"jsonrpc":"2.0","id":2,"method":"search/complete","params":{"query":"ip","limit":5}}Content-Length: 45

{"jsonrpc":"2.0","id":99,"method":"shutdown"}Content-Length: 79

{"jsonrpc":"2.0","id":100,"method":"search/complete","params":{"query":"late"}}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}