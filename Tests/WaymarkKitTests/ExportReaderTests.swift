import Foundation
import Testing
@testable import WaymarkKit

struct ExportReaderTests {
    let shanghai = Zone(identifier: "Asia/Shanghai")!

    func read(_ files: [String: String], zone: Zone = .utc) -> ImportResult {
        let dir = TemporaryDirectory()
        for (name, text) in files { dir.write(name, text) }
        return ExportReader(fallbackZone: zone).read(directory: dir.path)
    }

    func messages(_ r: ImportResult) -> [String] { r.diagnostics.map(\.description) }

    @Test func envelopeWithStringsNullsAndUnknownFields() {
        let r = read(["points.json": """
            {"code":"00000","message":"一切 ok","data":[
              {"id":"1","point":"3","pointType":"tag","pointName":"晨跑","pointDescribe":null,"pointDate":"2026-11-29T07:00:00","userId":"u1"},
              {"id":2,"point":-10,"pointType":"shop","pointName":null,"pointDate":"2026-11-28"}
            ],"ok":true}
            """])
        #expect(r.diagnostics.isEmpty)
        // No profile, so the wall time is read in UTC: 2026-11-29T07:00:00Z.
        #expect(r.export.points == [
            PointRecord(point: 3, type: "tag", name: "晨跑", date: .instant(1_795_935_600)),
            PointRecord(point: -10, type: "shop", date: .day(LocalDate(year: 2026, month: 11, day: 28)!)),
        ])
        #expect(r.files == [ImportResult.FileSummary(file: "points.json", records: 2, invalid: 0)])
    }

    @Test func bareArrayBOMAndCRLF() {
        let r = read(["weights.json": "\u{FEFF}[\r\n {\"date\": \"2026-11-01\", \"kgValue\": \"62.5\"},\r\n {\"date\": \"2026-11-02\", \"kgValue\": 62.4}\r\n]\r\n"])
        #expect(r.diagnostics.isEmpty)
        #expect(r.export.weights.map(\.kg) == [62.5, 62.4])
    }

    @Test func wallTimesUseTheProfileZone() {
        let r = read(["profile.json": #"{"timeZone": "Asia/Shanghai", "userEmail": "a@b.c"}"#,
                      "points.json": #"[{"point": 1, "pointDate": "2026-11-29T20:00:00"}]"#])
        #expect(r.export.points.first?.date == .instant(1_795_953_600))
        #expect(r.export.profile.timeZone == "Asia/Shanghai")
    }

    @Test func everyProblemIsCollectedWithItsPath() {
        let r = read(["points.json": """
            {"code":"00000","data":[
              {"point": "3", "pointDate": "2026-13-01"},
              {"pointDate": "2026-11-01"},
              {"point": "NaN", "pointDate": "2026-11-01"},
              {"point": 1e400, "pointDate": "2026-11-01"},
              {"point": "2.5", "pointDate": "2026-11-01T08:00:00"},
              {"point": true, "pointDate": 20261101},
              "not a record",
              {"point": 1, "pointDate": "2026-11-01"}
            ],"ok":true}
            """])
        #expect(messages(r) == [
            #"points.json: /data/0/pointDate: not a date-time (got "2026-13-01")"#,
            #"points.json: /data/1: missing required field "point""#,
            #"points.json: /data/2/point: expected a whole number (got "NaN")"#,
            "points.json: /data/3/point: number out of range (got 1e400)",
            #"points.json: /data/4/point: expected a whole number (got "2.5")"#,
            "points.json: /data/5/point: expected a number (got true)",
            "points.json: /data/5/pointDate: not a date-time (got 20261101)",
            #"points.json: /data/6: expected a record object (got "not a record")"#,
        ])
        #expect(r.errors.allSatisfy { $0.dropsRecord })
        #expect(r.export.points.count == 1)
        #expect(r.files.first?.invalid == 7)
    }

    @Test func fieldRulesOfEachFile() {
        let r = read([
            "targets.json": ##"[{"targetName": "  ", "status": "2"}, {"targetName": "A", "status": "1", "targetColor": "red;background:url(javascript:x)"}]"##,
            "weights.json": #"[{"date": "2026-11-01", "kgValue": "0"}, {"date": "2026-11-01", "kgValue": "62,5"}]"#,
            "todos.json": #"[{"name": "x", "priority": 3, "isCompleted": "yes"}]"#,
            "tags.json": ##"[{"tagName": "Run", "tagColor": "#abc", "tagHour": "-1"}]"##,
        ])
        #expect(messages(r) == [
            "tags.json: /0/tagHour: must be between 0 and 10000 (got \"-1\")",
            #"targets.json: /0/targetName: must not be empty"#,
            #"targets.json: /0/status: must be between 0 and 1 (got "2")"#,
            ##"targets.json: /1/targetColor: not a colour like #FF6B6B (got "red;background:url(javascript:x)")"##,
            #"weights.json: /0/kgValue: expected a weight in kilograms between 0.1 and 1000 (got "0")"#,
            #"weights.json: /1/kgValue: expected a weight in kilograms between 0.1 and 1000 (got "62,5")"#,
            #"todos.json: /0/priority: must be between 0 and 2 (got 3)"#,
            #"todos.json: /0/isCompleted: expected true or false, 1 or 0 (got "yes")"#,
        ])
    }

    @Test func booleansAndDefaults() {
        let r = read(["todos.json": #"[{"name":"a","isCompleted":"1"},{"name":"b","isCompleted":0,"priority":"2"},{"name":"c","isCompleted":true,"priority":null}]"#,
                      "targets.json": #"[{"targetName":"T","status":"1","deadline":"2026-11-29T22:00:00"}]"#])
        #expect(r.diagnostics.isEmpty)
        #expect(r.export.todos == [Todo(name: "a", priority: .normal, completed: true), Todo(name: "b", priority: .high, completed: false),
                                   Todo(name: "c", priority: .normal, completed: true)])
        #expect(r.export.targets.first?.done == true)
        #expect(r.export.targets.first?.completionMoment == r.export.targets.first?.deadline)
    }

    @Test func envelopeFailureQuotesTheMessage() {
        let r = read(["points.json": #"{"code":"A0230","message":"用户登录已过期","data":null,"ok":false}"#])
        #expect(messages(r) == [#"points.json: /ok: the app reported a failure instead of data: "用户登录已过期" (code "A0230")"#])
        let empty = read(["points.json": #"{"code":"00000","message":"ok","data":null,"ok":true}"#])
        #expect(empty.diagnostics.isEmpty)
        let wrong = read(["points.json": #"{"code":"00000","data":{"a":1},"ok":true}"#, "tags.json": #""hello""#])
        #expect(messages(wrong) == ["points.json: /data: expected an array of records (got an object)",
                                    "tags.json: /: expected an array of records (got a string)"])
    }

    @Test func fileLevelProblems() {
        let r = read(["points.json": "", "tags.json": "[1,", "targets.json": "\u{FEFF}[{\"targetName\": \"a\"}"])
        #expect(messages(r) == [
            "points.json: the file is empty; expected a JSON array of records",
            "tags.json:1:4: unexpected end of file; the JSON is cut off",
            "targets.json:1:21: expected ',' or ']' after an array element",
        ])
        #expect(r.errors.allSatisfy { !$0.dropsRecord })
    }

    @Test func missingExportAndNoDataFiles() {
        let missing = ExportReader().read(directory: "/nonexistent/export")
        #expect(missing.errors.first?.category == .missingInput)
        #expect(missing.errors.first?.message == "the export directory does not exist")
        let empty = read(["README.txt": "hi", "point.json": "[]"])
        #expect(empty.errors.first?.category == .missingInput)
        #expect(messages(empty).contains("point.json: ignored: not a file Waymark reads; did you mean points.json?"))
    }

    @Test func duplicateIDsWarnAndKeepBoth() {
        let r = read(["points.json": #"[{"id":"7","point":1,"pointDate":"2026-11-01"},{"id":"7","point":2,"pointDate":"2026-11-02"}]"#])
        #expect(messages(r) == [#"points.json: /1/id: duplicate id "7" (first at /0); both records are kept"#])
        #expect(r.diagnostics.first?.severity == .warning)
        #expect(r.export.points.count == 2)
    }

    @Test func weightsCSV() {
        let r = read(["weights.csv": "date,kg\r\n2026-11-01,62.5\n\n\"2026-11-02 07:00:00\",\"62.1\"\n2026-11-31,60\n2026-11-03,heavy\n2026-11-04\n"])
        #expect(r.export.weights.map(\.kg) == [62.5, 62.1])
        #expect(messages(r) == [
            #"weights.csv:5:1: not a date-time (got "2026-11-31")"#,
            #"weights.csv:6:12: expected a weight in kilograms between 0.1 and 1000 (got "heavy")"#,
            "weights.csv:7:1: expected 2 columns (got 1)",
        ])
        let noHeader = read(["weights.csv": "2026-11-01,62.5\n"])
        #expect(messages(noHeader) == [#"weights.csv:1:1: expected a header line naming a "date" and a "kg" column (got "2026-11-01,62.5")"#])
        let unclosed = read(["weights.csv": "date,kg\n\"2026-11-01,62.5\n"])
        #expect(messages(unclosed) == ["weights.csv:2:1: a quoted field is never closed"])
    }

    @Test func notesAndFrontMatter() {
        let r = read([
            "notes/a.md": "---\ntitle: \"Run: 5 km\"\ndate: 2026-11-02\ntarget: g3\ntags: x\n---\n# Hi\n",
            "notes/b.md": "---\ndate: yesterday\n---\ntext",
            "notes/c.md": "---\ntitle: never closed\n",
            "notes/d.md": "No front matter here.",
            "notes/images/p.png": "png",
        ])
        #expect(messages(r) == [
            #"notes/a.md:5:1: unknown front matter key "tags" is ignored; did you mean tag?"#,
            #"notes/b.md:2:1: date: not a date-time (got "yesterday")"#,
            #"notes/c.md:1:1: the front matter that starts here is never closed with a "---" line"#,
        ])
        #expect(r.export.notes.map(\.fileName) == ["a.md", "d.md"])
        #expect(r.export.notes.first?.title == "Run: 5 km")
        #expect(r.export.notes.first?.target == "g3")
        #expect(r.export.notes.first?.body == "# Hi\n")
        #expect(r.export.notes.first?.bodyLine == 7)
        #expect(r.noteAssets == ["notes/images/p.png"])
    }

    @Test func directorySymlinkAndUnreadableFile() throws {
        let dir = TemporaryDirectory()
        let outside = TemporaryDirectory()
        outside.write("secret.json", "[]")
        dir.write("tags.json", "[]")
        try FileManager.default.createDirectory(atPath: dir.file("points.json"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.file("targets.json"), withDestinationPath: outside.file("secret.json"))
        let r = ExportReader().read(directory: dir.path)
        #expect(messages(r).contains("points.json: is a directory; expected a file"))
        #expect(messages(r).contains { $0.hasPrefix("targets.json: is a symbolic link to a place outside the export (") })

        let fake = FileSystem.inMemory(root: "/e", files: ["points.json": Array("[]".utf8)], failures: ["/e/points.json": .permissionDenied])
        let unreadable = ExportReader(fileSystem: fake).read(directory: "/e")
        #expect(unreadable.errors.map(\.description) == ["points.json: cannot be read: Permission denied"])
        #expect(unreadable.errors.first?.category == .missingInput)
        let broken = FileSystem.inMemory(root: "/e", files: ["points.json": []], failures: ["/e/points.json": .other])
        #expect(ExportReader(fileSystem: broken).read(directory: "/e").errors.first?.category == .io)
    }

    @Test func profileFields() {
        let r = read(["profile.json": #"{"code":"00000","data":{"userName":"小林","timeZone":"Mars/Olympus","language":"zh-CN","weightUnit":"斤","heightCm":"172","goalWeightKg":"63.0","exportedAt":"2026-11-29T20:00:00"},"ok":true}"#,
                      "todos.json": "[]"])
        #expect(messages(r) == [#"profile.json: /data/timeZone: not a known IANA time zone such as "Asia/Shanghai" (got "Mars/Olympus")"#])
        #expect(r.export.profile.language == .zhHans)
        #expect(r.export.profile.weightUnit == .jin)
        #expect(r.export.profile.heightCm == 172)
        #expect(r.export.profile.exportedAt == .instant(1_795_982_400))  // read in UTC: the zone was invalid
    }

    @Test func controlCharactersAndBidiAreEscapedInMessages() {
        let r = read(["points.json": "[{\"point\": 1, \"pointDate\": \"\\u202e2026\\u0007\"}]"])
        #expect(messages(r) == [#"points.json: /0/pointDate: not a date-time (got "\u{202E}2026\u{7}")"#])
    }
}
