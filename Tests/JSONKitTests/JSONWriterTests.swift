import JSONKit
import Testing

@Suite struct JSONWriterTests {
  private func written(_ body: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter()
    body(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test func writesScalars() {
    #expect(written { $0.writeNull() } == "null")
    #expect(written { $0.write(true) } == "true")
    #expect(written { $0.write(false) } == "false")
    #expect(written { $0.write(0) } == "0")
    #expect(written { $0.write(-1234567890) } == "-1234567890")
    #expect(written { $0.write(Int.min) } == "-9223372036854775808")
    #expect(written { $0.write(Int64.max) } == "9223372036854775807")
    #expect(written { $0.write(0.5) } == "0.5")
    #expect(written { $0.write(2.0) } == "2")
    #expect(written { $0.write(-0.0) } == "-0.0")
    #expect(written { $0.write(1e300) } == "1e+300")
    #expect(written { $0.write(JSONNumber(literal: "1.50e+3")!) } == "1.50e+3")
    #expect(written { $0.write("plain") } == #""plain""#)
  }

  @Test func writesNonFiniteDoublesAsNull() {
    #expect(written { $0.write(Double.nan) } == "null")
    #expect(written { $0.write(Double.infinity) } == "null")
    #expect(written { $0.field("x", -Double.infinity) } == #""x":null"#)
    #expect(
      written {
        $0.writeArray { w in
          w.write(Double.nan); w.write(1.5)
        }
      } == "[null,1.5]"
    )
  }

  @Test func escapesStrings() {
    #expect(written { $0.write("a\"b\\c/d") } == #""a\"b\\c/d""#)
    #expect(written { $0.write("\u{8}\u{C}\n\r\t") } == #""\b\f\n\r\t""#)
    #expect(written { $0.write("\u{0}\u{1}\u{1F}\u{7F}") } == "\"\\u0000\\u0001\\u001f\u{7F}\"")
    #expect(written { $0.write("é中😀\u{2028}") } == "\"é中😀\u{2028}\"")
    // Escapes at every position of the word-at-a-time scan.
    for position in 0..<20 {
      var text = String(repeating: "x", count: 20)
      let index = text.index(text.startIndex, offsetBy: position)
      text.replaceSubrange(index...index, with: "\n")
      let expected =
        "\"" + String(repeating: "x", count: position) + "\\n"
        + String(repeating: "x", count: 19 - position) + "\""
      #expect(written { $0.write(text) } == expected)
    }
  }

  @Test func copiesStringsOfEveryShortLength() {
    for length in 0...40 {
      let text = String((0..<length).map { Character(UnicodeScalar(UInt8(65 + $0 % 26))) })
      #expect(written { $0.write(text) } == "\"\(text)\"")
      #expect(written { $0.field(text, text) } == "\"\(text)\":\"\(text)\"")
    }
  }

  @Test func escapesKeys() {
    #expect(written { w in w.writeObject { $0.field("a\"b\n", 1) } } == #"{"a\"b\n":1}"#)
  }

  @Test func writesValueTrees() {
    let value: JSONValue = ["a": [1, "x", nil, true, ["b": []]], "c": [:], "d": 0.25]
    #expect(value.serializedString() == #"{"a":[1,"x",null,true,{"b":[]}],"c":{},"d":0.25}"#)
    #expect(JSONValue.array([]).serializedString() == "[]")
  }

  @Test func streamsObjectsAndArraysWithCommas() {
    let text = written { w in
      w.writeObject { w in
        w.field("jsonrpc", "2.0")
        w.field("id", JSONValue.number(JSONNumber(literal: "9007199254740993")!))
        w.objectField("result") { w in
          w.field("total", 2)
          w.field("exact", true)
          w.field("score", 0.75)
          w.arrayField("items") { w in
            w.writeObject { w in w.field("id", "a") }
            w.writeObject { w in w.field("id", "b") }
            w.writeArray { w in
              w.write(0)
              w.write(3)
            }
          }
          w.field("empty") { w in w.writeArray { _ in } }
          w.field("nothing", ifPresent: String?.none)
          w.field("something", ifPresent: "x")
          w.field("optional", Int?.none)
          w.field("list", ["p", "q"])
        }
      }
    }
    #expect(
      text
        == #"{"jsonrpc":"2.0","id":9007199254740993,"result":{"total":2,"exact":true,"score":0.75,"#
        + #""items":[{"id":"a"},{"id":"b"},[0,3]],"empty":[],"something":"x","optional":null,"list":["p","q"]}}"#
    )
  }

  @Test func beginAndEndMatchTheClosureForms() {
    let streamed = written { w in
      w.beginObject()
      w.writeKey("a")
      w.beginArray()
      w.write(1)
      w.write("two")
      w.endArray()
      w.beginObject(key: "b")
      w.beginArray(key: "c")
      w.endArray()
      w.endObject()
      w.endObject()
    }
    #expect(streamed == #"{"a":[1,"two"],"b":{"c":[]}}"#)
  }

  @Test func writeRawEmbedsJSONOnOneLine() {
    let raw = Array("{\n  \"a\": [1,\r\n 2]\n}".utf8)
    let text = written { w in
      w.writeArray { w in
        w.writeRaw(raw)
        w.writeRaw(Array("true".utf8)[...])
      }
    }
    #expect(text == "[{   \"a\": [1,   2] },true]")
  }

  @Test func writesEncodableConformances() {
    let values: [Int] = [1, 2]
    #expect(written { $0.write(values) } == "[1,2]")
    #expect(written { $0.write([[true], []] as [[Bool]]) } == "[[true],[]]")
    #expect(written { $0.write(Optional<String>.none) } == "null")
    #expect(written { $0.write(Int64(-5)) } == "-5")
    #expect(written { $0.write(["k": 1] as JSONObject) } == #"{"k":1}"#)
  }

  @Test func resetStartsOver() {
    var writer = JSONWriter(reservingCapacity: 4)
    writer.write([1, 2, 3] as [Int])
    writer.reset()
    writer.write("again")
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #""again""#)
  }

  @Test func growsPastTheReservedCapacity() throws {
    var writer = JSONWriter(reservingCapacity: 1)
    let long = String(repeating: "é\n", count: 1_000)
    writer.writeArray { w in
      for _ in 0..<100 { w.write(long) }
    }
    let value = try JSONParser().parse(writer.bytes)
    #expect(value.arrayValue?.count == 100)
    #expect(value[99]?.stringValue == long)
  }
}
