Content-Length: 198

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]}},"initializationOptions":{"debounceMs":0,"maxRecents":5}}}Content-Length: 52

{"jsonrpc":"2.0","method":"initialized","params":{}}