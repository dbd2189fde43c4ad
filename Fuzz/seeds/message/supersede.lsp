Content-Length: 87

{"jsonrpc":"2.0","id":20,"method":"search/complete","params":{"query":"a","field":"f"}}Content-Length: 88

{"jsonrpc":"2.0","id":21,"method":"search/complete","params":{"query":"ab","field":"f"}}Content-Length: 89

{"jsonrpc":"2.0","id":22,"method":"search/complete","params":{"query":"abc","field":"f"}}