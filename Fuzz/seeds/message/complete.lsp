Content-Length: 85

{"jsonrpc":"2.0","id":2,"method":"search/complete","params":{"query":"ip","limit":5}}Content-Length: 111

{"jsonrpc":"2.0","id":3,"method":"search/complete","params":{"query":"iph","field":"main","tokens":["phones"]}}Content-Length: 91

{"jsonrpc":"2.0","id":4,"method":"search/complete","params":{"query":"#mu","field":"main"}}Content-Length: 73

{"jsonrpc":"2.0","id":5,"method":"search/complete","params":{"query":""}}