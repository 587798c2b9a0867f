import Testing
@testable import WaymarkKit

struct SiteConfigReaderTests {
    private func read(_ text: String) -> SiteConfigReader.Outcome {
        SiteConfigReader(file: "waymark.json").read(Array(text.utf8))
    }

    private func messages(_ text: String) -> [String] {
        read(text).problems.map(\.description)
    }

    @Test func aGoalDirectionIsLoseOrGain() {
        #expect(read(#"{"goalDirection": "gain"}"#).config.goalDirection == .gain)
        #expect(messages(#"{"goalDirection": "down"}"#) == [#"waymark.json:1:19: $.goalDirection: unknown goal direction "down"; use "lose", "gain""#])
    }

    /// An abbreviation names several zones (CST: China's and the US Central); the zone data would
    /// take it as one of them. IANA names, Etc/ names and fixed offsets are taken.
    @Test func aTimeZoneIsANameOrAnOffsetNotAnAbbreviation() {
        #expect(messages(#"{"timeZone": "CST"}"#) == [#"waymark.json:1:14: $.timeZone: unknown time zone: "CST" is an abbreviation, "#
            + #"and one abbreviation stands for several time zones (CST for China's and for the US Central); use an IANA name such as "#
            + #"Asia/Shanghai or America/Chicago, or a fixed offset such as UTC+8"#])
        // Names the platform's list of known zones leaves out are IANA's too (Asia/Kolkata, US/Eastern).
        for name in ["Asia/Shanghai", "UTC", "Etc/GMT-8", "UTC+8", "GMT-05:30", "EST", "Asia/Kolkata", "US/Eastern", "PRC", "Japan"] {
            #expect(read(#"{"timeZone": "\#(name)"}"#).config.timeZone?.identifier == name, "\(name)")
        }
        #expect(messages(#"{"timeZone": "utc"}"#) == [#"waymark.json:1:14: $.timeZone: unknown time zone "utc"; did you mean "UTC"?"#])
        #expect(ZoneName.resolve("IST") == .abbreviation && ZoneName.resolve("PST") == .abbreviation)
        #expect(ZoneName.resolve("Mars/Olympus") == .unknown)
    }

    @Test func everyKeyIsRead() throws {
        let outcome = read("""
            {"$schema": "./waymark.schema.json", "sources": ["export", "loop.db"], "output": "out",
             "title": "Mine", "language": "zh", "timeZone": "Asia/Shanghai", "weightUnit": "lb",
             "goalWeightKg": 65.5, "goalDirection": "Lose", "heightCm": 172, "baseURL": "https://example.org/p",
             "sections": ["overview", "to-dos", "notes"],
             "privacy": {"public": true, "hide": ["weight"], "weight": "changes"}}
            """)
        #expect(outcome.problems.isEmpty)
        let c = outcome.config
        #expect(c.sources == ["export", "loop.db"] && c.output == "out" && c.title == "Mine")
        #expect(c.language == .zhHans)  // "zh" is an alias, as for --lang
        #expect(c.timeZone?.identifier == "Asia/Shanghai" && c.weightUnit == .lb)
        #expect(c.goalWeightKg == 65.5 && c.heightCm == 172 && c.goalDirection == .lose)
        #expect(c.baseURL?.text == "https://example.org/p/")  // normalised with a final slash
        #expect(c.sections == [.overview, .todos, .notes])
        #expect(c.privacy == SiteConfig.PrivacyConfig(isPublic: true, hide: [.weight], weight: .changes))
        #expect(c.privacy.privacy == Privacy(isPublic: true, hidden: [.weight], weight: .changes))
    }

    @Test func emptyObjectIsAllDefaults() {
        let outcome = read("{}")
        #expect(outcome.problems.isEmpty)
        #expect(outcome.config == SiteConfig())
        #expect(outcome.config.privacy.privacy == Privacy(isPublic: false, hidden: [], weight: .full))
    }

    /// A comma with no value before it is not a trailing comma, and a section
    /// named twice is a problem, as the schema's `uniqueItems` says.
    @Test func emptyCommasAndRepeatedSectionsAreProblems() {
        let empty = SiteConfigReader(file: "w.json").read(Array("{\"privacy\": {,}}".utf8))
        #expect(empty.problems.count == 1 && empty.problems.first?.severity == .error)
        let emptyArray = SiteConfigReader(file: "w.json").read(Array("{\"sources\": [,]}".utf8))
        #expect(emptyArray.problems.count == 1)
        let twice = SiteConfigReader(file: "w.json").read(Array("{\"sections\": [\"notes\", \"todos\", \"to-dos\"]}".utf8))
        // `{"sections": [` is 14 bytes, `"notes", ` 9 and `"todos", ` 9: the third element starts
        // at byte 32 (0-based), line 1, column 33.
        #expect(twice.problems.map(\.description) == ["w.json:1:33: $.sections[2]: \"to-dos\" is listed twice"])
    }

    @Test func commentsAndTrailingCommasAreAllowed() {
        let outcome = read("""
            // a line comment with "quotes" and /* a block opener
            {
              /* a block
                 over lines */ "title": "a // not a comment /* nor this */",
              "sources": ["x",], // trailing commas, as tsconfig allows
            }
            """)
        #expect(outcome.problems.isEmpty)
        #expect(outcome.config.title == "a // not a comment /* nor this */")
        #expect(outcome.config.sources == ["x"])
    }

    /// Line and column point at the file as written, after comments holding any characters: the
    /// comment `/* 中文 */` is 8 characters (12 bytes), so `"langage"` on that line starts at
    /// column 3 + 8 + 1 = 12.
    @Test func lineAndColumnCountTheFileAsWritten() {
        let problems = messages("""
            {
              // 第一行
              /* 中文 */ "langage": "en"
            }
            """)
        #expect(problems == [#"waymark.json:3:12: $.langage: unknown key "langage"; did you mean "language"?"#])
    }

    @Test func everyProblemIsReportedInFileOrder() {
        let problems = messages("""
            {
              "sources": ["export", 3],
              "output": "",
              "langauge": "en",
              "language": "german",
              "timeZone": "Asia/Shangai",
              "weightUnit": "stone",
              "goalWeightKg": 1000,
              "heightCm": "170",
              "baseURL": "ftp://example.org",
              "sections": ["overview", "todo"],
              "privacy": {"public": "yes", "hid": [], "weight": "change"},
              "title": "A",
              "title": "B"
            }
            """)
        #expect(problems == [
            #"waymark.json:2:25: $.sources[1]: expected a string, got a number (3)"#,
            #"waymark.json:3:13: $.output: is empty; give a value or leave the key out"#,
            #"waymark.json:4:3: $.langauge: unknown key "langauge"; did you mean "language"?"#,
            #"waymark.json:5:15: $.language: unknown language "german"; use "en", "zh-Hans""#,
            #"waymark.json:6:15: $.timeZone: unknown time zone "Asia/Shangai"; did you mean "Asia/Shanghai"?"#,
            #"waymark.json:7:17: $.weightUnit: unknown weight unit "stone"; use "kg", "lb""#,
            #"waymark.json:8:19: $.goalWeightKg: 1000 is out of range; expected 20 to 500 kg"#,
            #"waymark.json:9:15: $.heightCm: expected a number (in cm), got a string ("170")"#,
            #"waymark.json:10:14: $.baseURL: not a base URL: it must start with https:// or http:// (got 'ftp://example.org')"#,
            #"waymark.json:11:28: $.sections[1]: unknown section "todo"; did you mean "todos"?"#,
            #"waymark.json:12:25: $.privacy.public: expected true or false, got a string ("yes")"#,
            #"waymark.json:12:32: $.privacy.hid: unknown key "hid"; did you mean "hide"?"#,
            #"waymark.json:12:53: $.privacy.weight: unknown weight setting "change"; did you mean "changes"?"#,
            #"waymark.json:14:3: $.title: appears twice (first on line 13); keep one"#,
        ])
        // A config with problems gives nothing of what was wrong.
        let config = read(#"{"language": "german", "title": "Mine"}"#).config
        #expect(config.language == nil && config.title == "Mine")
    }

    @Test func wrongTypesSayWhatWasExpected() {
        #expect(messages(#"{"sources": "export"}"#) == [#"waymark.json:1:13: $.sources: expected an array of strings, such as ["export"], got a string ("export")"#])
        #expect(messages(#"{"privacy": true}"#) == [#"waymark.json:1:13: $.privacy: expected an object such as { "public": false }, got a boolean (true)"#])
        #expect(messages(#"{"sections": null}"#) == [#"waymark.json:1:14: $.sections: expected an array of section names, such as ["notes"], got null"#])
        #expect(messages(#"{"privacy": {"hide": "weight"}}"#) == [#"waymark.json:1:22: $.privacy.hide: expected an array of section names, such as ["notes"], got a string ("weight")"#])
        #expect(messages(#"["export"]"#) == [#"waymark.json:1:1: $: expected an object ({ … }) holding the settings, got an array"#])
        #expect(messages(#"{"sources": []}"#) == [#"waymark.json:1:13: $.sources: is empty; list the export folders and files to read, or leave the key out to build the demo"#])
        #expect(messages(#"{"heightCm": 1e400}"#) == [#"waymark.json:1:14: $.heightCm: 1e400 is out of range; expected 50 to 260 cm"#])
    }

    @Test func unknownKeysWithoutACloseMatchListTheKeys() {
        #expect(messages(#"{"colour": "red"}"#) == [#"waymark.json:1:2: $.colour: unknown key "colour"; the keys are sources, output, title, language, timeZone, weightUnit, goalWeightKg, goalDirection, heightCm, habitPoints, baseURL, sections, privacy"#])
        // Names other tools use, which edit distance alone would miss.
        #expect(messages(#"{"lang": "en", "publishDir": "x"}"#) == [
            #"waymark.json:1:2: $.lang: unknown key "lang"; did you mean "language"?"#,
            #"waymark.json:1:16: $.publishDir: unknown key "publishDir"; did you mean "output"?"#,
        ])
        // Case only: the right spelling is suggested.
        #expect(messages(#"{"timezone": "UTC"}"#) == [#"waymark.json:1:2: $.timezone: unknown key "timezone"; did you mean "timeZone"?"#])
        // A key that is no identifier is quoted in the path.
        #expect(messages(#"{"a b": 1}"#) == [#"waymark.json:1:2: $["a b"]: unknown key "a b"; the keys are sources, output, title, language, timeZone, weightUnit, goalWeightKg, goalDirection, heightCm, habitPoints, baseURL, sections, privacy"#])
    }

    @Test func syntaxAndEncodingErrorsStopAtTheFirst() {
        #expect(messages("{\n  \"title\": \"x\"\n  \"output\": \"y\"\n}") == ["waymark.json:3:3: expected ',' or '}' after an object member"])
        #expect(messages("{\"title\": \"x\",\n /* never closed\n}") == ["waymark.json:2:2: a /* comment is never closed with */"])
        #expect(messages("{\"title\": ") == ["waymark.json:1:11: unexpected end of file; the JSON is cut off"])
        #expect(messages("{\"title\": \"x\"") == ["waymark.json:1:14: unexpected end of file; the JSON is cut off"])
        #expect(messages("") == ["waymark.json:1:1: unexpected end of file; the JSON is cut off"])
        #expect(messages("{} {}") == ["waymark.json:1:4: unexpected text after the end of the JSON value"])
        let utf16 = SiteConfigReader(file: "w.json").read([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]).problems.map(\.description)
        #expect(utf16 == ["w.json:1:1: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8"])
        // A UTF-8 byte order mark is fine, and columns do not count it.
        let bom = SiteConfigReader(file: "w.json").read([0xEF, 0xBB, 0xBF] + Array(#"{"x": 1}"#.utf8)).problems.map(\.description)
        #expect(bom == [#"w.json:1:2: $.x: unknown key "x"; the keys are sources, output, title, language, timeZone, weightUnit, goalWeightKg, goalDirection, heightCm, habitPoints, baseURL, sections, privacy"#])
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = #"{"title": "# + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}"
        let problems = messages(deep)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("nested deeper than 512 levels") == true)
    }

    @Test func pathsAreResolvedAgainstTheConfigFolder() {
        var config = SiteConfig()
        config.sources = ["export", "./loop.db", "/abs/health.zip", "."]
        config.output = "site"
        let resolved = config.resolvingPaths(against: "projects/me")
        #expect(resolved.sources == ["projects/me/export", "projects/me/loop.db", "/abs/health.zip", "projects/me"])
        #expect(resolved.output == "projects/me/site")
        #expect(config.resolvingPaths(against: ".") == config)
        #expect(SiteConfig.directory(of: "waymark.json") == ".")
        #expect(SiteConfig.directory(of: "a/b/waymark.json") == "a/b")
        #expect(SiteConfig.directory(of: "/waymark.json") == "/")
        #expect(SiteConfig.path("x", against: "/") == "/x")
    }

    @Test func blankingKeepsEveryOffset() throws {
        let text = Array("{/*é*/\"a\"://x\n1}".utf8)
        let blanked = try JSONCText.blankingComments(text)
        #expect(blanked.count == text.count)
        #expect(String(decoding: blanked, as: UTF8.self) == "{      \"a\":   \n1}")
    }
}

extension SiteConfigReaderTests {
    @Test func aSourceMayGiveTheUnitOfItsWeights() {
        let outcome = read("""
            {"sources": ["export.zip", {"path": "Measurement-Summary.csv", "weightUnit": "lbs"}, {"path": "w.csv"}, {"path": "Activities.csv", "distanceUnit": "mi"}]}
            """)
        #expect(outcome.problems.isEmpty)
        #expect(outcome.config.sources == ["export.zip", "Measurement-Summary.csv", "w.csv", "Activities.csv"])
        #expect(outcome.config.sourceSettings == ["Measurement-Summary.csv": SourceSettings(weightUnit: .lb), "Activities.csv": SourceSettings(distanceUnit: .mi)])
        // Relative to the config's folder, like the paths.
        #expect(outcome.config.resolvingPaths(against: "data").sourceSettings["data/Measurement-Summary.csv"] == SourceSettings(weightUnit: .lb))
    }

    @Test func aSourceObjectIsChecked() {
        #expect(messages(#"{"sources": [{"weightUnit": "lb"}]}"#) == [
            "waymark.json:1:14: $.sources[0]: has no \"path\"; give the export's path, such as {\"path\": \"weights.csv\", \"weightUnit\": \"lb\"}",
        ])
        #expect(messages(#"{"sources": [{"path": "w.csv", "weightUnit": "stone"}]}"#).count == 1)
        #expect(messages(#"{"sources": [{"path": "w.csv", "unit": "lb"}]}"#).first?.contains("unknown key \"unit\"") == true)
    }
}
