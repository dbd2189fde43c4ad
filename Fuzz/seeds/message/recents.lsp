Content-Length: 94

{"jsonrpc":"2.0","id":9,"method":"recents/add","params":{"text":"iPhone 15","id":"iphone-15"}}Content-Length: 97

{"jsonrpc":"2.0","id":10,"method":"recents/add","params":{"text":"ｆｕｌｌ ｗｉｄｔｈ"}}