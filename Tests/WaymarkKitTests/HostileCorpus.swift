import Foundation
import Testing
@testable import WaymarkKit

/// Broken and malicious exports, each with the exit code and messages it must produce.
/// `HostileInputTests` runs every case through `waymark build` (see docs/reliability.md).
struct HostileCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Writes the export into the folder given.
    var setup: @Sendable (String) throws -> Void
    var exit: Int32
    /// Text stderr must contain; every line naming the file and the place.
    var messages: [String]
    var arguments: [String] = []
    /// Makes reading a file fail as if it were unreadable (root reads everything otherwise).
    var unreadable: String?

    var testDescription: String { name }

    static func write(_ dir: String, _ files: [String: String]) throws {
        for (name, text) in files { try write(dir, name, Array(text.utf8)) }
    }

    static func write(_ dir: String, _ name: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: dir + "/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    static func files(_ files: [String: String]) -> @Sendable (String) throws -> Void {
        { dir in try write(dir, files) }
    }

    static func points(_ json: String) -> @Sendable (String) throws -> Void { files(["points.json": json]) }

    static let attack = #"<script>alert(1)</script>"><svg onload=alert(1)><img src=x onerror=alert(1)>javascript:alert(1)"#

    /// Every text field of every file holding `payload`.
    static func everywhere(_ payload: String) -> @Sendable (String) throws -> Void {
        let p = payload.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return files([
            "profile.json": #"{"userName": "\#(p)", "language": "en"}"#,
            "points.json": #"[{"point": 3, "pointType": "\#(p)", "pointName": "\#(p)", "pointDescribe": "\#(p)", "pointDate": "2026-11-29T08:00:00Z"}, {"point": 2, "pointType": "tag", "pointName": "\#(p)", "pointDate": "2026-11-28T08:00:00Z"}]"#,
            "tags.json": #"[{"tagName": "\#(p)", "tagDescribe": "\#(p)", "tagHour": 1}]"#,
            "targets.json": #"[{"targetId": "\#(p)", "targetName": "\#(p)", "targetDescribe": "\#(p)", "deadline": "2026-12-01T10:00:00Z"}, {"targetName": "\#(p) 2", "deadline": "2026-11-01", "status": 1}]"#,
            "todos.json": #"[{"name": "\#(p)", "priority": 2}]"#,
            "weights.csv": "date,kg,note\n2026-11-28,62,\"\(payload.replacingOccurrences(of: "\"", with: "\"\""))\"\n",
            "notes/\(Slugger.hash(payload)).md": "---\ntitle: \(payload.replacingOccurrences(of: "\n", with: " "))\ntag: \(payload.replacingOccurrences(of: "\n", with: " "))\n---\n# \(payload)\n\n\(payload)\n\n[link](\(payload))\n",
        ])
    }

    static let all: [HostileCase] = [
        // JSON that is not JSON
        HostileCase(name: "truncated JSON", setup: points(#"[{"point": 3, "pointDate": "2026-11-2"#), exit: 65,
                    messages: ["points.json:1:38: unexpected end of file inside a string; the JSON is cut off"]),
        HostileCase(name: "trailing comma", setup: points(#"[{"point": 3, "pointDate": "2026-11-29"},]"#), exit: 65,
                    messages: ["points.json:1:42: unexpected character ']'; expected a JSON value"]),
        HostileCase(name: "comments", setup: points("// export\n[]"), exit: 65, messages: ["points.json:1:1: unexpected character '/'"]),
        HostileCase(name: "bare NaN", setup: points(#"[{"point": NaN, "pointDate": "2026-11-29"}]"#), exit: 65,
                    messages: ["points.json:1:12: unexpected character 'N'; expected a JSON value"]),
        HostileCase(name: "nested 100,000 deep", setup: points(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
                    exit: 65, messages: ["points.json:1:513: nested deeper than 512 levels"]),
        HostileCase(name: "empty file", setup: points(""), exit: 65, messages: ["points.json: the file is empty"]),
        HostileCase(name: "only white space", setup: points("  \n\t "), exit: 65, messages: ["points.json: the file is empty"]),
        HostileCase(name: "invalid UTF-8", setup: { dir in try write(dir, "points.json", Array("[\n{\"pointName\": \"a".utf8) + [0xC3, 0x28] + Array("\"}]".utf8)) },
                    exit: 65, messages: ["points.json:2:17: invalid UTF-8 (byte 0xC3)"]),
        HostileCase(name: "UTF-16 with BOM", setup: { dir in try write(dir, "points.json", [0xFF, 0xFE] + Array("[]".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) },
                    exit: 65, messages: ["points.json:1:1: the file is UTF-16"]),
        HostileCase(name: "UTF-16 without BOM", setup: { dir in try write(dir, "tags.json", Array("[{}]".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) },
                    exit: 65, messages: ["tags.json:1:1: the file contains NUL bytes; it looks like UTF-16"]),
        HostileCase(name: "NUL byte in a JSON file", setup: { dir in try write(dir, "todos.json", Array("[{\"name\": \"ab".utf8) + [0] + Array("\"}]".utf8)) },
                    exit: 65, messages: ["todos.json:1:14: the file contains a NUL byte"]),
        // Values of the wrong kind
        HostileCase(name: "wrong types", setup: points(#"[{"point": {"a": 1}, "pointDate": ["2026"]}, 7]"#), exit: 65,
                    messages: ["points.json: /0/point: expected a number (got an object)", "points.json: /0/pointDate: not a date-time (got an array of 1)",
                               "points.json: /1: expected a record object (got 7)"]),
        HostileCase(name: "quoted NaN and Infinity", setup: files(["points.json": #"[{"point": "NaN", "pointDate": "2026-11-29"}]"#,
                                                                   "weights.json": #"[{"date": "2026-11-29", "kgValue": "Infinity"}]"#]),
                    exit: 65, messages: [#"points.json: /0/point: expected a whole number (got "NaN")"#,
                                         #"weights.json: /0/kgValue: expected a weight in kilograms between 0.1 and 1000 (got "Infinity")"#]),
        HostileCase(name: "1e400", setup: points(#"[{"point": 1e400, "pointDate": "2026-11-29"}]"#), exit: 65,
                    messages: ["points.json: /0/point: number out of range (got 1e400)"]),
        HostileCase(name: "minus zero is zero", setup: points(#"[{"point": -0, "pointDate": "2026-11-29"}, {"point": "-0.0", "pointDate": "2026-11-29"}]"#),
                    exit: 0, messages: []),
        HostileCase(name: "February 30", setup: points(#"[{"point": 1, "pointDate": "2026-02-30"}]"#), exit: 65,
                    messages: [#"points.json: /0/pointDate: not a date-time (got "2026-02-30")"#]),
        HostileCase(name: "year 0 and year 99999", setup: points(#"[{"point": 1, "pointDate": "0000-01-01"}, {"point": 1, "pointDate": "99999-01-01T00:00:00"}]"#),
                    exit: 65, messages: [#"points.json: /0/pointDate: not a date-time (got "0000-01-01")"#,
                                         #"points.json: /1/pointDate: not a date-time (got "99999-01-01T00:00:00")"#]),
        HostileCase(name: "year 1 and 9999 are fine", setup: points(#"[{"point": 1, "pointDate": "0001-01-01"}, {"point": 1, "pointDate": "9999-12-31T23:59:59Z"}]"#),
                    exit: 0, messages: ["points.json: 1 record dated after"]),
        // Offsets that move a written time out of years 1 to 9999 in UTC, in every file of a
        // Waymark export that holds a date-time, and in the other formats that allow an offset.
        HostileCase(name: "offsets past year 1 and 9999", setup: files([
                        "points.json": #"[{"point": 1, "pointDate": "0001-01-01T00:00:00+14:00"}]"#,
                        "weights.json": #"[{"date": "9999-12-31T23:59:59-12:00", "kgValue": 62}]"#,
                        "weights.csv": "date,kg\n0001-01-01T13:59:59+14:00,62\n",
                        // The completion is 0001-01-01T00:00:00Z, the first second of the span: accepted.
                        "targets.json": #"[{"targetName": "t", "deadline": "9999-12-31T12:00:00-12:00", "completeTime": "0001-01-01T09:00:00+09:00"}]"#,
                        "tags.json": #"[{"tagName": "a", "creatTime": "0001-01-01T00:00:00+00:01"}]"#,
                        "profile.json": #"{"exportedAt": "9999-12-31T23:00:00-01:00"}"#,
                        "notes/a.md": "---\ntitle: x\ndate: 0001-01-01 05:00:00+05:30\n---\n"]),
                    exit: 65, messages: [
                        #"points.json: /0/pointDate: not a date-time (got "0001-01-01T00:00:00+14:00"); that is 0000-12-31T10:00:00Z, before year 1 in UTC, and Waymark reads years 1 to 9999"#,
                        #"weights.json: /0/date: not a date-time (got "9999-12-31T23:59:59-12:00"); that is 10000-01-01T11:59:59Z, after year 9999 in UTC"#,
                        #"weights.csv:2:1: not a date-time (got "0001-01-01T13:59:59+14:00"); that is 0000-12-31T23:59:59Z, before year 1 in UTC"#,
                        #"targets.json: /0/deadline: not a date-time (got "9999-12-31T12:00:00-12:00"); that is 10000-01-01T00:00:00Z"#,
                        #"tags.json: /0/creatTime: not a date-time (got "0001-01-01T00:00:00+00:01"); that is 0000-12-31T23:59:00Z"#,
                        #"profile.json: /exportedAt: not a date-time (got "9999-12-31T23:00:00-01:00"); that is 10000-01-01T00:00:00Z"#,
                        #"notes/a.md:3:1: date: not a date-time (got "0001-01-01 05:00:00+05:30"); that is 0000-12-31T23:30:00Z"#]),
        HostileCase(name: "offsets that stay inside years 1 and 9999", setup: points(
                        #"[{"point": 1, "pointDate": "0001-01-01T14:00:00+14:00"}, {"point": 1, "pointDate": "9999-12-31T11:59:59-12:00"}]"#),
                    exit: 0, messages: ["points.json: 1 record dated after"]),
        HostileCase(name: "a generic weight CSV with an offset past year 1", setup: files(["scale.csv": "date,weight,unit\n0001-01-01 00:00+14:00,80.5,kg\n"]),
                    exit: 65, messages: [#"scale.csv:2:1: not a date like 2024-01-05 or 2024-01-05 07:30 (got "0001-01-01 00:00+14:00"); that is 0000-12-31T10:00:00Z"#]),
        HostileCase(name: "Withings with an offset past year 9999", setup: files(["weight.csv": "Date,\"Weight (kg)\",\"Fat mass (kg)\",\"Bone mass (kg)\",\"Muscle mass (kg)\",\"Hydration (kg)\",\"Comments\"\n\"9999-12-31 20:00:00-12:00\",72.3,,,,,\n"]),
                    exit: 65, messages: [#"weight.csv:2:1: not a date-time (got "9999-12-31 20:00:00-12:00"); that is 10000-01-01T08:00:00Z, after year 9999 in UTC"#]),
        HostileCase(name: "openScale with an offset past year 1", setup: files(["openscale.csv": "\"dateTime\",\"weight\",\"fat\"\n\"0001-01-01T00:00:00+14:00\",\"64.3\",\"21.4\"\n"]),
                    exit: 65, messages: [#"openscale.csv:2:1: not a date-time like 2020-11-19 08:00 (got "0001-01-01T00:00:00+14:00"); that is 0000-12-31T10:00:00Z"#]),
        HostileCase(name: "Apple Health with offsets past year 1 and 9999", setup: files(["export.xml": """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <HealthData locale="en_US">
                         <ExportDate value="2023-12-03 08:15:00 +0100"/>
                         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="x" unit="kg" startDate="0001-01-01 00:00:00 +1400" endDate="0001-01-01 00:00:00 +1400" value="72.4"/>
                         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="x" unit="kg" startDate="9999-12-31 23:00:00 -1200" endDate="9999-12-31 23:00:00 -1200" value="72.4"/>
                         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="x" unit="kg" startDate="2023-11-30 07:10:00 +0100" endDate="2023-11-30 07:10:00 +0100" value="72.4"/>
                        </HealthData>
                        """]),
                    exit: 65, messages: [#"startDate is not a date like "2023-12-03 08:15:00 +0100" (got "0001-01-01 00:00:00 +1400"); that is 0000-12-31T10:00:00Z, before year 1 in UTC"#,
                                         #"startDate is not a date like "2023-12-03 08:15:00 +0100" (got "9999-12-31 23:00:00 -1200"); that is 10000-01-01T11:00:00Z, after year 9999 in UTC"#]),
        HostileCase(name: "HabitBull with an offset past year 1", setup: files(["habitbull.csv": "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,0001-01-01T00:00:00+14:00,1,\n"]),
                    exit: 65, messages: [#"habitbull.csv:2:7: not a date such as 2016-03-18 or 3/18/2016 (got "0001-01-01T00:00:00+14:00"); that is 0000-12-31T10:00:00Z, before year 1 in UTC"#]),
        HostileCase(name: "a generic habits CSV with an offset past year 9999", setup: files(["habits.csv": "date,habit\n9999-12-31 23:30-01:00,Run\n"]),
                    exit: 65, messages: [#"habits.csv:2:1: not a date or date-time such as 2024-03-01 or 2024-03-01 07:30 (got "9999-12-31 23:30-01:00"); that is 10000-01-01T00:30:00Z, after year 9999 in UTC"#]),
        // Formats that write days or wall times (read in the site's zone) reach the ends exactly.
        HostileCase(name: "days and wall times on the first and last days", setup: files([
                        "daylio_export.csv": "full_date,date,weekday,time,mood,activities,note_title,note\n0001-01-01,Jan 1,Monday,12:00 AM,rad,\"reading\",\"\",\"\"\n9999-12-31,Dec 31,Friday,11:59 PM,good,\"reading\",\"\",\"\"\n",
                        "Habits.csv": "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Wake up early,Did you wake up early today?,,2,3,#00897B\n",
                        "Checkmarks.csv": "Date,Wake up early,\n9999-12-31,2,\n0001-01-01,2,\n"]),
                    exit: 0, messages: []),
        // Instants inside years 1 to 9999 in UTC that the site's zone moves out of them.
        HostileCase(name: "a zone that moves a moment past year 9999", setup: files([
                        "profile.json": #"{"timeZone": "Asia/Tokyo"}"#, "points.json": #"[{"point": 1, "pointName": "Run", "pointDate": "9999-12-31T23:59:59Z"}]"#]),
                    exit: 65, messages: ["the point record “Run”: 9999-12-31T23:59:59Z falls on 10000-01-01 in the time zone Asia/Tokyo, after year 9999; pages cover years 1 to 9999"]),
        // The command line's own --now and --time-zone out of range: nothing in the sources is wrong.
        HostileCase(name: "a --now the --time-zone moves past year 9999", setup: files(["weights.csv": "date,kg\n2024-01-01,62\n"]),
                    exit: 64, messages: ["the moment statistics are computed for (--now or the export date): 9999-12-31T23:59:59Z falls on 10000-01-01 in the time zone Asia/Tokyo, after year 9999"],
                    arguments: ["--now", "9999-12-31T23:59:59Z", "--time-zone", "Asia/Tokyo"]),
        HostileCase(name: "a zone that moves a weighing before year 1", setup: files(["weights.csv": "date,kg\n0001-01-01T03:00:00Z,62\n"]),
                    exit: 65, messages: ["a weighing: 0001-01-01T03:00:00Z falls on 0000-12-31 in the time zone America/New_York, before year 1"],
                    arguments: ["--time-zone", "America/New_York"]),
        HostileCase(name: "envelope with ok false", setup: points(#"{"code": "A0230", "message": "登录已过期", "data": null, "ok": false}"#), exit: 65,
                    messages: [#"points.json: /ok: the app reported a failure instead of data: "登录已过期" (code "A0230")"#]),
        HostileCase(name: "data is not an array", setup: points(#"{"code": "00000", "data": "nope", "ok": true}"#), exit: 65,
                    messages: ["points.json: /data: expected an array of records (got a string)"]),
        HostileCase(name: "profile is an array", setup: files(["profile.json": "[]", "todos.json": "[]"]), exit: 65,
                    messages: ["profile.json: /: expected an object (got an array)"]),
        HostileCase(name: "unknown time zone", setup: files(["profile.json": #"{"timeZone": "Asia/Shangai"}"#, "todos.json": "[]"]), exit: 65,
                    messages: [#"profile.json: /timeZone: not a known IANA time zone such as "Asia/Shanghai" (got "Asia/Shangai")"#]),
        HostileCase(name: "tag colour with CSS injection", setup: files(["tags.json": #"[{"tagName": "a", "tagColor": "red;background:url(javascript:alert(1))"}]"#]),
                    exit: 65, messages: [#"tags.json: /0/tagColor: not a colour like #FF6B6B (got "red;background:url(javascript:alert(1))")"#]),
        HostileCase(name: "mixed bad records skipped", setup: points(#"[{"point": 1, "pointDate": "2026-11-29"}, {"point": "x", "pointDate": "2026-11-29"}]"#),
                    exit: 0, messages: [#"warning: points.json: /1/point: expected a whole number (got "x") (record skipped)"#], arguments: ["--skip-invalid"]),
        HostileCase(name: "a 20 MB string", setup: { dir in
                        try write(dir, "points.json", Array(#"[{"point": 1, "pointDate": "2026-11-29", "pointDescribe": ""#.utf8)
                                  + [UInt8](repeating: UInt8(ascii: "x"), count: 20_000_000) + Array(#""}]"#.utf8)) },
                    exit: 0, messages: []),
        HostileCase(name: "duplicate ids", setup: points(#"[{"id": "9", "point": 1, "pointDate": "2026-11-29"}, {"id": "9", "point": 2, "pointDate": "2026-11-29"}]"#),
                    exit: 0, messages: [#"warning: points.json: /1/id: duplicate id "9" (first at /0); both records are kept"#]),
        HostileCase(name: "duplicate keys in a record", setup: points(#"[{"point": 1, "point": 2, "pointDate": "2026-11-29"}]"#), exit: 0, messages: []),
        // Files that are not where or what they should be
        HostileCase(name: "a directory where a file should be", setup: { dir in
                        try FileManager.default.createDirectory(atPath: dir + "/points.json", withIntermediateDirectories: true)
                        try write(dir, ["todos.json": "[]"]) },
                    exit: 65, messages: ["points.json: is a directory; expected a file"]),
        HostileCase(name: "a symbolic link leading outside", setup: { dir in
                        try write(dir + "-outside", ["secret.json": "[]"])
                        try write(dir, ["todos.json": "[]"])
                        try FileManager.default.createSymbolicLink(atPath: dir + "/points.json", withDestinationPath: dir + "-outside/secret.json") },
                    exit: 65, messages: ["points.json: is a symbolic link to a place outside the export ("]),
        HostileCase(name: "a symbolic link inside notes leading outside", setup: { dir in
                        try write(dir + "-outside", ["secret.png": "png"])
                        try write(dir, ["notes/a.md": "![x](secret.png)"])
                        try FileManager.default.createSymbolicLink(atPath: dir + "/notes/secret.png", withDestinationPath: dir + "-outside/secret.png") },
                    exit: 65, messages: ["notes/secret.png: is a symbolic link to a place outside the export ("]),
        HostileCase(name: "an unreadable file", setup: files(["points.json": "[]", "todos.json": "[]"]), exit: 66,
                    messages: ["points.json: cannot be read: Permission denied"], unreadable: "points.json"),
        // Not a Waymark export, and no other format either: an unrecognised file is bad data.
        HostileCase(name: "no data files", setup: files(["point.json": "[]"]), exit: 65,
                    messages: ["point.json: ignored: not a file Waymark reads; did you mean points.json?", "no export files found", "Waymark reads:"]),
        HostileCase(name: "the export is a file", setup: { dir in
                        try FileManager.default.removeItem(atPath: dir)
                        try Data("[]".utf8).write(to: URL(fileURLWithPath: dir)) },
                    exit: 65, messages: ["is not a format Waymark knows", "Loop Habit Tracker", "docs/import.md"]),
        HostileCase(name: "the export does not exist", setup: { dir in try FileManager.default.removeItem(atPath: dir) }, exit: 66,
                    messages: ["export: does not exist"]),
        // Names that try to become paths, scripts or confusing text
        HostileCase(name: "names with ../ and /", setup: files([
                        "targets.json": #"[{"targetName": "../../etc/passwd", "deadline": "2026-12-01"}, {"targetName": "/root/.ssh/id_rsa"}, {"targetName": "a/b\\c"}]"#,
                        "notes/..md": "dots", "notes/%2e%2e.md": "encoded"]),
                    exit: 0, messages: []),
        HostileCase(name: "NUL and control characters in names", setup: files(["todos.json": #"[{"name": "a\u0000b\u0007c\u001bd\u0085e"}]"#,
                                                                               "targets.json": #"[{"targetName": "\u0000"}]"#]),
                    exit: 0, messages: []),
        HostileCase(name: "bidi overrides", setup: everywhere("\u{202E}evil\u{202C} \u{2066}x\u{2069}"), exit: 0, messages: []),
        HostileCase(name: "unpaired bidi controls", setup: everywhere("\u{2069}\u{202C}a\u{202E}evil \u{2067}x \u{202B}"), exit: 0, messages: []),
        HostileCase(name: "10 KB of emoji", setup: everywhere(String(repeating: "🏃‍♀️", count: 600)), exit: 0, messages: []),
        HostileCase(name: "script in every text field", setup: everywhere("<script>alert(1)</script>"), exit: 0, messages: []),
        HostileCase(name: "attribute breakout in every text field", setup: everywhere(#""><svg onload=alert(1)>'><img src=x onerror=alert(1)>"#),
                    exit: 0, messages: []),
        HostileCase(name: "every attack in every text field", setup: everywhere(attack), exit: 0, messages: []),
        HostileCase(name: "template syntax in data", setup: everywhere("{{#t}}{{{root}}}{{/t}}{{=<% %>=}}<%a%>"), exit: 0, messages: []),
        // Notes
        HostileCase(name: "note with active Markdown", setup: files(["notes/a.md": """
                        <script>alert(1)</script>
                        <img src=x onerror=alert(1)>
                        [x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html,<script>alert(1)</script>)
                        <svg onload=alert(1)><circle r=9/></svg>
                        ![i](javascript:alert(1))
                        <a href="javascript:alert(1)">a</a> <iframe src=//evil.example></iframe>

                        | <script>alert(1)</script> | [x](javascript:alert(1)) |
                        |---|:-:|
                        | javascript:alert(1) www.javascript:alert(1) | <img src=x onerror=alert(1)> \\| x |
                        - [x] <svg onload=alert(1)> ~~<script>~~ http://a.com/"onmouseover="alert(1) x@y.z"onclick=1
                        """]), exit: 0, messages: []),
        HostileCase(name: "note showing an SVG and a disguised image", setup: files(["notes/a.md": "![s](evil.svg) ![p](fake.png) ![q](../../etc/passwd.png)",
                                                                                     "notes/evil.svg": "<svg onload=alert(1)/>",
                                                                                     "notes/fake.png": "<html><script>alert(1)</script>"]),
                    exit: 0, messages: [#"warning: notes/a.md: image "evil.svg" is not a PNG, JPEG, GIF, WebP or AVIF image"#,
                                        #"warning: notes/a.md: image "fake.png" does not contain PNG image data"#,
                                        #"warning: notes/a.md: image "../../etc/passwd.png" leads outside notes/"#]),
        HostileCase(name: "front matter never closed", setup: files(["notes/a.md": "---\ntitle: x\n"]), exit: 65,
                    messages: [#"notes/a.md:1:1: the front matter that starts here is never closed with a "---" line"#]),
        HostileCase(name: "front matter with a bad date", setup: files(["notes/a.md": "---\ntitle: x\ndate: 2026-13-01\n---\n"]), exit: 65,
                    messages: [#"notes/a.md:3:1: date: not a date-time (got "2026-13-01")"#]),
        HostileCase(name: "note in UTF-16", setup: { dir in try write(dir, "notes/a.md", [0xFE, 0xFF, 0x00, 0x41]) }, exit: 65,
                    messages: ["notes/a.md:1:1: the file is UTF-16"]),
        // CSV
        HostileCase(name: "weights.csv with bad rows", setup: files(["weights.csv": "date,kg\n2026-11-01,62\n2026-11-31,60\nyesterday,heavy\n"]), exit: 65,
                    messages: [#"weights.csv:3:1: not a date-time (got "2026-11-31")"#, #"weights.csv:4:1: not a date-time (got "yesterday")"#,
                               #"weights.csv:4:11: expected a weight in kilograms between 0.1 and 1000 (got "heavy")"#]),
        HostileCase(name: "weights.csv with an open quote", setup: files(["weights.csv": "date,kg\n\"2026-11-01,62\n"]), exit: 65,
                    messages: ["weights.csv:2:1: a quoted field is never closed"]),
        HostileCase(name: "weights.csv with 1e400 kg", setup: files(["weights.csv": "date,kg\n2026-11-01,1e400\n"]), exit: 65,
                    messages: [#"weights.csv:2:12: number out of range (got "1e400")"#]),
        HostileCase(name: "BOM and CRLF everywhere", setup: files(["points.json": "\u{FEFF}[\r\n{\"point\": 1, \"pointDate\": \"2026-11-29\"}\r\n]\r\n",
                                                                   "weights.csv": "\u{FEFF}date,kg\r\n2026-11-29,62\r\n",
                                                                   "notes/a.md": "\u{FEFF}---\r\ntitle: CRLF\r\n---\r\n# Hi\r\n"]),
                    exit: 0, messages: []),
    ]
}
