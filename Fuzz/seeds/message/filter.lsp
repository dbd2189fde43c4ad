Content-Length: 115

{"jsonrpc":"2.0","id":6,"method":"search/filter","params":{"query":"mac pro","limit":50,"offset":0,"mode":"smart"}}Content-Length: 132

{"jsonrpc":"2.0","id":7,"method":"search/filter","params":{"query":"Pokémon","tokens":["games"],"scope":"games","mode":"contains"}}Content-Length: 91

{"jsonrpc":"2.0","id":"s-8","method":"search/filter","params":{"query":"x","mode":"bogus"}}