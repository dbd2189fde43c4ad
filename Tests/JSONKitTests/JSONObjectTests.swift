import JSONKit
import Testing

@Suite struct JSONObjectTests {
  @Test func lookupReturnsTheLastOccurrence() {
    let object = JSONObject(members: [
      .init(key: "a", value: 1), .init(key: "b", value: 2), .init(key: "a", value: 3),
    ])
    #expect(object["a"] == 3)
    #expect(object["b"] == 2)
    #expect(object["c"] == nil)
    #expect(object.contains(key: "a"))
    #expect(!object.contains(key: "c"))
    #expect(object.keys == ["a", "b", "a"])
  }

  @Test func nullValuesArePresent() {
    let object: JSONObject = ["a": nil]
    #expect(object["a"] == .null)
    #expect(object.contains(key: "a"))
  }

  @Test func subscriptSetterReplacesAppendsAndRemoves() {
    var object: JSONObject = ["a": 1, "b": 2, "a": 3]
    object["a"] = 4
    #expect(object.members.map(\.value) == [1, 2, 4])
    object["c"] = "x"
    #expect(object.keys == ["a", "b", "a", "c"])
    object["a"] = nil
    #expect(object.keys == ["b", "c"])
  }

  @Test func appendKeepsEarlierMembers() {
    var object = JSONObject()
    object.append(key: "id", value: 1)
    object.append(key: "id", value: 2)
    #expect(object.count == 2)
    #expect(object["id"] == 2)
    #expect(object.first?.value == 1)
  }

  @Test func iteratesInDocumentOrder() {
    let object: JSONObject = ["z": 1, "a": 2, "m": 3]
    #expect(object.map(\.key) == ["z", "a", "m"])
    #expect(Array(object.indices) == [0, 1, 2])
    #expect(object[1].key == "a")
    #expect(!object.isEmpty && JSONObject().isEmpty)
  }

  @Test func equalityAndHashingIgnoreOrder() {
    let a: JSONObject = ["x": 1, "y": [1, 2], "z": ["p": true, "q": nil]]
    let b: JSONObject = ["z": ["q": nil, "p": true], "x": 1, "y": [1, 2]]
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(JSONValue.object(a) == .object(b))
    #expect(Set([JSONValue.object(a), .object(b)]).count == 1)
    // Array order still matters.
    let c: JSONObject = ["x": 1, "y": [2, 1], "z": ["p": true, "q": nil]]
    #expect(a != c)
  }

  @Test func duplicateKeysMustMatchInOrder() {
    let a: JSONObject = ["k": 1, "k": 2, "j": 0]
    let b: JSONObject = ["j": 0, "k": 1, "k": 2]
    let c: JSONObject = ["k": 2, "k": 1, "j": 0]
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != c)
  }

  @Test func objectsWithDifferentMembersDiffer() {
    #expect(JSONObject(["a": 1]) != ["a": 2])
    #expect(JSONObject(["a": 1]) != ["b": 1])
    #expect(JSONObject(["a": 1]) != ["a": 1, "b": 2])
    #expect(JSONObject(["a": 1]) != ["a": "1"])
  }

  @Test func keysCompareByBytes() {
    let precomposed: JSONObject = ["\u{E9}": 1]
    let decomposed: JSONObject = ["e\u{301}": 1]
    #expect(precomposed != decomposed)
    #expect(precomposed["e\u{301}"] == nil)
    #expect(precomposed["\u{E9}"] == 1)
  }
}

extension JSONObject {
  /// Test convenience: an object from a literal held in a variable.
  fileprivate init(_ object: JSONObject) {
    self = object
  }
}
