#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Testing
  import UserDefaultsKitCore

  @Suite("Reading and writing with the tool")
  struct ReadWriteTests {
    static let writes: [(arguments: [String], stored: PropertyListValue)] = [
      (["Ada Lovelace"], .string("Ada Lovelace")),
      (["--string", "42"], .string("42")),
      (["--int", "--", "-7"], .integer(-7)),
      (["--int", "18446744073709551615"], .unsignedInteger(.max)),
      (["--float", "0.5"], .double(0.5)),
      (["--float", "--", "-0.0"], .double(-0.0)),
      (["--", "-h"], .string("-h")),
      (["--array", "--", "-a", "--b"], .array([.string("-a"), .string("--b")])),
      (["--bool", "yes"], .bool(true)),
      (["--bool", "0"], .bool(false)),
      (["--date", "2026-11-18T11:06:40.25Z"], .date(Date(timeIntervalSince1970: 1_795_000_000.25))),
      (["--date", "2026-11-18 11:06:40 +0000"], .date(Date(timeIntervalSince1970: 1_795_000_000))),
      (["--data", "48656c6c6f"], .data(Data("Hello".utf8))),
      (["--data", "<4865 6c6c6f>"], .data(Data("Hello".utf8))),
      (["--data", "base64:SGVsbG8="], .data(Data("Hello".utf8))),
      (["--array", "red", "green blue"], .array([.string("red"), .string("green blue")])),
      (["--array"], .array([])),
      (["--dict", "a", "1", "b", "2"], .dictionary(["a": .string("1"), "b": .string("2")])),
      (
        ["--json", #"{"size": [800, 600.5], "visible": true}"#],
        .dictionary(["size": .array([.integer(800), .double(600.5)]), "visible": .bool(true)])
      ),
    ]

    @Test(
      "A value written with the tool reads back through the library, for every type flag", arguments: writes)
    func writeThenReadWithTheLibrary(arguments: [String], stored: PropertyListValue) async throws {
      try await Tool.withFolder { tool in
        let result = try tool.run(["write", "com.example.app", "key"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(tool.store("com.example.app").storedValues == ["key": stored])
      }
    }

    @Test("What the library writes, the tool prints as old-style text, one key bare, and as JSON")
    func writeWithTheLibraryThenRead() async throws {
      try await Tool.withFolder { tool in
        let store = tool.store("com.example.app")
        try store.update {
          try store.write(.string("Ada Lovelace"), forKey: "name")
          try store.write(.integer(3), forKey: "count")
          try store.write(.double(0.5), forKey: "ratio")
          try store.write(.bool(true), forKey: "on")
          try store.write(.date(Date(timeIntervalSince1970: 1_795_000_000)), forKey: "when")
          try store.write(.data(Data("Hello".utf8)), forKey: "token")
          try store.write(.array([.string("red"), .string("green blue")]), forKey: "tags")
          try store.write(.dictionary(["size": .array([.integer(800), .integer(600)])]), forKey: "window")
        }

        let text = try tool.run("read", "com.example.app")
        #expect(text.status == 0)
        #expect(
          text.standardOutput == """
            {
                count = 3;
                name = "Ada Lovelace";
                on = 1;
                ratio = 0.5;
                tags = (
                    red,
                    "green blue"
                );
                token = <48656c6c 6f>;
                when = "2026-11-18 11:06:40 +0000";
                window = {
                    size = (
                        800,
                        600
                    );
                };
            }

            """)
        #expect(try tool.run("read", "com.example.app", "name").standardOutput == "Ada Lovelace\n")
        #expect(
          try tool.run("read", "com.example.app", "tags").standardOutput
            == "(\n    red,\n    \"green blue\"\n)\n")

        let json = try tool.run("read", "com.example.app", "--json")
        #expect(json.status == 0)
        #expect(
          json.standardOutput == """
            {
              "count": 3,
              "name": "Ada Lovelace",
              "on": true,
              "ratio": 0.5,
              "tags": [
                "red",
                "green blue"
              ],
              "token": "SGVsbG8=",
              "when": "2026-11-18T11:06:40Z",
              "window": {
                "size": [
                  800,
                  600
                ]
              }
            }

            """)
        #expect(try tool.run("read", "com.example.app", "ratio", "--json").standardOutput == "0.5\n")
      }
    }

    @Test("The tool reads a journaled suite's writes that are still in its log, and its writes reach them")
    func journaledSuite() async throws {
      try await Tool.withFolder { tool in
        let store = UserDefaultsStore.journaledSuite("logged", in: tool.folder)
        let count = DefaultsKey<Int>("count", default: 0, store: store)
        count.value = 3
        let read = try tool.run("read", "logged", "count")
        #expect(read.standardOutput == "3\n")
        /// Whether `count` reads `expected` within a second: another process's write is read at the
        /// next look at the files, or, when a write of this process holds them then, once it is done.
        func reads(_ expected: Int) -> Bool {
          let deadline = Date().addingTimeInterval(1)
          while count.value != expected, Date() < deadline { usleep(1_000) }
          return count.value == expected
        }
        let write = try tool.run("write", "logged", "count", "--int", "4")
        #expect(write.status == 0)
        #expect(reads(4))
        let delete = try tool.run("delete", "logged")
        #expect(delete.status == 0)
        #expect(reads(0))
      }
    }

    @Test("Without a suite, read prints every suite of the folder, keyed by its name")
    func readEverySuite() async throws {
      try await Tool.withFolder { tool in
        try tool.store("a").write(.integer(1), forKey: "one")
        try tool.store("b").write(.string("x y"), forKey: "two")
        let result = try tool.run("read")
        #expect(result.status == 0)
        #expect(
          result.standardOutput
            == "{\n    a = {\n        one = 1;\n    };\n    b = {\n        two = \"x y\";\n    };\n}\n")
      }
    }
  }
#endif
