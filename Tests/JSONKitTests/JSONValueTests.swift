import JSONKit
import Testing

@Suite struct JSONValueTests {
  @Test func literalsBuildTheExpectedCases() {
    let value: JSONValue = ["n": nil, "b": true, "i": 42, "d": 2.5, "s": "text", "a": [1, "two"], "o": ["k": false]]
    let object = value.objectValue
    #expect(object?["n"] == .null)
    #expect(object?["b"] == .bool(true))
    #expect(object?["i"] == .number(JSONNumber(42)))
    #expect(object?["d"]?.numberValue?.text == "2.5")
    #expect(object?["s"] == .string("text"))
    #expect(object?["a"] == .array([.number(JSONNumber(1)), .string("two")]))
    #expect(object?["o"] == .object(JSONObject(members: [.init(key: "k", value: .bool(false))])))
    #expect(object?.keys == ["n", "b", "i", "d", "s", "a", "o"])
  }

  @Test func accessorsReturnOnlyTheirKind() {
    let values: [JSONValue] = [nil, true, 1, "s", [1], ["k": 1]]
    #expect(values.map { $0.isNull } == [true, false, false, false, false, false])
    #expect(values.map { $0.boolValue != nil } == [false, true, false, false, false, false])
    #expect(values.map { $0.numberValue != nil } == [false, false, true, false, false, false])
    #expect(values.map { $0.stringValue != nil } == [false, false, false, true, false, false])
    #expect(values.map { $0.arrayValue != nil } == [false, false, false, false, true, false])
    #expect(values.map { $0.objectValue != nil } == [false, false, false, false, false, true])
    #expect(values.map(\.kindDescription) == ["null", "a Boolean", "a number", "a string", "an array", "an object"])
  }

  @Test func subscriptsReachIntoContainers() {
    let value: JSONValue = ["items": [["title": "a"], ["title": "b"]]]
    #expect(value["items"]?[1]?["title"] == "b")
    #expect(value["items"]?[2] == nil)
    #expect(value["items"]?[-1] == nil)
    #expect(value["missing"] == nil)
    #expect(JSONValue.string("x")["key"] == nil)
    #expect(JSONValue.string("x")[0] == nil)
  }

  @Test func initializersFromSwiftValues() {
    #expect(JSONValue(7) == 7)
    #expect(JSONValue(0.5) == .number(JSONNumber(literal: "0.5")!))
    #expect(JSONValue(Double.infinity) == .null)
    #expect(JSONValue("x") == "x")
    #expect(JSONValue(false) == false)
  }

  @Test func equalityIsStructural() {
    #expect(JSONValue.string("1") != .number(JSONNumber(1)))
    #expect(JSONValue.array([1, 2]) != [2, 1])
    #expect(JSONValue.null != false)
    #expect(JSONValue.array([]) != .object([:]))
  }
}
