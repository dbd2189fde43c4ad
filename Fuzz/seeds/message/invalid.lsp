Content-Length: 39

{"jsonrpc":"2.0","id":[1],"method":"x"}Content-Length: 37

{"jsonrpc":"1.0","id":1,"method":"x"}Content-Length: 21

{"id":2,"method":"x"}Content-Length: 24

{"jsonrpc":"2.0","id":3}Content-Length: 35

{"jsonrpc":"2.0","id":4,"method":7}Content-Length: 60

{"jsonrpc":"2.0","id":5,"method":"test/echo","params":"str"}Content-Length: 15

"just a string"Content-Length: 2

42Content-Length: 4

nullContent-Length: 38

{"jsonrpc":"2.0","id":6,"result":null}Content-Length: 57

{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"m"}}Content-Length: 59

{"jsonrpc":"2.0","id":8,"method":"test/echo","params":null}Content-Length: 9

{not jsonContent-Length: 2

[]Content-Length: 4

[[]]Content-Length: 5

[1,2]Content-Length: 61

{"jsonrpc":"2.0","method":"test/ping","params":{"fail":true}}