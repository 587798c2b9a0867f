import Testing
@testable import WaymarkKit

/// The point records' fast path (`FastRecordDecoder.pointRecord`: keys told by their words, the
/// app's date form read directly, wall times placed by `Zone.WallClock`, names interned by hashes
/// made while scanning) against the general decoder, the plain reference: the same records, ids,
/// messages and duplicate warnings, on seeded records of every shape the app and hand edits give.
struct FastPointRecordTests {
    static let ids = [#""100001""#, #""7""#, "7", "-3", "1.5e3", #""""#, "null", #""a\"b""#, #""\u0031""#, "true", #"{"x": 1}"#,
                      "[1]", #""长 id""#, #""100001""#, "0", #"" 42 ""#]
    static let points = [#""5""#, "5", "-12", #""-15""#, "0", #""-0""#, "-0", "1000000000", "-1000000000", #""-1000000000""#, "1000000001",
                         #""1000000001""#, "12345678901", #""12345678901""#, #""007""#, "3.0", "3.5", #""3.5""#, "1e2", "1E+2", #"" 3""#,
                         #""3 ""#, #""+3""#, "null", "true", "false", #""x""#, "[]", #""""#, #""-""#, #""\u0035""#, "99999999999999999999",
                         #""9999999999""#, "-9999999999"]
    static let texts = [#""tag""#, #""target""#, #""shop""#, #""拉伸 Stretching""#, #""练琴 Piano 2""#, "null", #""""#, #""a\"b""#,
                        #""caf\u00e9""#, #""\ud83d\ude00 smile""#, #""tab\tin""#, #""with \/ slash""#, "42", "-1.5", "true", #"{"a": 1}"#,
                        "[null]", #""  ""#, #""exactly15bytes!""#, #""sixteen bytes!!!""#, #""Ünïcödé ✓ 😀""#,
                        "\"" + String(repeating: "长", count: 32) + "\"", "\"" + String(repeating: "x", count: 97) + "\"",
                        "\"" + String(repeating: "y", count: 96) + "\"", "\"" + String(repeating: "z", count: 95) + "\""]
    /// Names that repeat, as habits' do: some share their first 8, 16 or 24 bytes, some are longer
    /// than 24 bytes and differ only after them, one ends where another goes on.
    static let names = [#""冥想 Meditation""#, #""冥想 Meditation 2""#, #""冥想 Meditation 20""#, #""拉伸 Stretching""#, #""练琴 Piano 2""#,
                        #""Deep work 深度工作 session A""#, #""Deep work 深度工作 session B""#, #""Deep work 深度工作 session""#,
                        #""Deep work 深度工作 sessions, long ones""#, #""a""#, #""ab""#, #""Drink water""#, #""Drink water 2""#,
                        #""exactly 24 bytes long!!""#, #""exactly 24 bytes long!?""#, #""exactly 23 bytes long!""#]
    static let dates = [#""2016-12-02T07:10:51""#, #""2026-03-08T02:30:00""#, #""2026-11-01T01:30:00""#, #""2026-11-01T00:59:59""#,
                        #""2016-12-02 07:10:51""#, #""2016-12-02t07:10:51""#, #""2016-12-02T07:10""#, #""2016-12-02T07:10:51Z""#,
                        #""2016-12-02T07:10:51+08:00""#, #""2016-12-02T07:10:51-0530""#, #""2016-12-02T07:10:51.123""#,
                        #""2016-12-02T07:10:51,5+01""#, #""2016-12-02""#, #"" 2016-12-02T07:10:51 ""#, #""2016-12-02T07:10:51 ""#,
                        #""2016-02-30T07:10:51""#, #""2016-02-29T07:10:51""#, #""2015-02-29T07:10:51""#, #""2000-02-29T00:00:00""#,
                        #""1900-02-29T00:00:00""#, #""2016-12-02T24:00:00""#, #""2016-12-02T23:60:00""#, #""2016-12-02T23:59:60""#,
                        #""0000-01-01T00:00:00""#, #""0001-01-01T00:00:00""#, #""9999-12-31T23:59:59""#, #""0001-01-01T00:00:00+14:00""#,
                        #""2016-13-02T07:10:51""#, #""2016-00-02T07:10:51""#, #""2016-12-00T07:10:51""#, #""2016-12-32T07:10:51""#,
                        #""2016-12-02T07:10:5""#, #""2016-12-02T07:10:51X""#, #""2016/12/02T07:10:51""#, #""2016-12-02T07:1O:51""#,
                        #""2016-12-02T07:10:51\u005A""#, #""2016-12-02T07:10:5\u0031""#, #""""#, "null", "20161202", #""  ""#,
                        #""1899-12-31T12:00:00""#, #""1900-01-01T00:00:00""#, #""1900-01-02T23:59:59""#, #""2199-12-30T12:00:00""#,
                        #""2199-12-31T23:59:59""#, #""2200-01-01T00:00:00""#, #""2011-12-30T12:00:00""#, #""2016-12-02T07:10:51-""#,
                        #""٢٠١٦-12-02T07:10:51""#, #""2016-12-02T07:10:51.""#, #""+016-12-02T07:10:51""#, #""2016-12-02T07:10:51""#]
    static let otherKeys = [#""userId""#, #""createTime""#, #""pointDat""#, #""pointDateX""#, #""Point""#, #""i""#, #""ids""#,
                            #""pointDescribeX""#, #""pointTypo""#, #""pointNames""#, #""""#, #""point\u0044ate""#, #""\u0069d""#,
                            #""pointdate""#, #""point ""#]
    static let otherValues = [#""u-8842""#, "null", "12", "-1.5e-3", "true", #"{"a": [1, 2, {"b": false}]}"#, "[]", #""esc\"aped""#,
                              #""\u00e9""#, #""""#]

    /// A date of the app's form picked across the years, and around daylight saving changes
    /// (March, April, October and November, at night), 1900's and 2200's edges of the zone table.
    static func randomDate(_ random: inout SampleRandom) -> String {
        let year: Int
        switch random.int(4) {
        case 0: year = 1 + random.int(9999)
        case 1: year = 1899 + random.int(3) + (random.int(2) == 0 ? 0 : 299)
        default: year = 1900 + random.int(301)
        }
        let night = random.int(2) == 0
        let month = night ? [3, 4, 10, 11][random.int(4)] : 1 + random.int(12)
        let day = 1 + random.int(31)
        let hour = night ? random.int(4) : random.int(25)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let yyyy = String(repeating: "0", count: 4 - String(year).count) + String(year)
        return "\"\(yyyy)-\(two(month))-\(two(day))T\(two(hour)):\(two(random.int(60))):\(two(random.int(61)))\""
    }

    /// Whitespace between tokens: none mostly, as the app writes, or any mix of JSON's four.
    static func space(_ random: inout SampleRandom, odd: Bool) -> String {
        guard odd, random.int(3) == 0 else { return "" }
        return String((0..<(1 + random.int(3))).map { _ in [" ", "\n", "\t", "\r"][random.int(4)] })
    }

    static func record(_ random: inout SampleRandom) -> String {
        switch random.int(50) {
        case 0: return random.pick(["5", #""x""#, "[]", "null", "{}", "{ }", #"{"a": 1}"#])
        default: break
        }
        var members: [(String, String)] = [
            (#""id""#, random.int(3) == 0 ? random.pick(ids) : "\"\(100_000 + random.int(3000))\""),
            (#""point""#, random.int(3) == 0 ? random.pick(points) : "\"\(random.int(11) - 2)\""),
            (#""pointType""#, random.int(4) == 0 ? random.pick(texts) : #""tag""#),
            (#""pointName""#, random.int(3) == 0 ? random.pick(texts) : random.pick(names)),
            (#""pointDescribe""#, random.int(3) == 0 ? random.pick(texts + names) : "null"),
            (#""pointDate""#, random.int(3) == 0 ? random.pick(dates) : randomDate(&random)),
        ]
        // The app's layout as it is, or with members missing, added, repeated or moved.
        if random.int(3) == 0 {
            for _ in 0..<random.int(3) where !members.isEmpty { members.remove(at: random.int(members.count)) }
            for _ in 0..<random.int(3) { members.insert((random.pick(otherKeys), random.pick(otherValues)), at: random.int(members.count + 1)) }
            if random.int(4) == 0 && !members.isEmpty {
                let repeated = members[random.int(members.count)].0
                members.insert((repeated, random.pick(points + dates + texts)), at: random.int(members.count + 1))
            }
            if random.int(3) == 0 {
                for i in stride(from: members.count - 1, to: 0, by: -1) { members.swapAt(i, random.int(i + 1)) }
            }
        }
        let odd = random.int(4) == 0
        let body = members.map { key, value in
            space(&random, odd: odd) + key + space(&random, odd: odd) + ":" + space(&random, odd: odd) + value + space(&random, odd: odd)
        }
        return "{" + body.joined(separator: ",") + space(&random, odd: odd) + "}"
    }

    static func records(seed: UInt64, count: Int) -> [String] {
        var random = SampleRandom(seed: seed)
        return (0..<count).map { _ in record(&random) }
    }

    static func decode(_ text: String, zone: Zone, fast: Bool, parallelism: Parallelism) -> ([PointRecord], ImportResult.FileSummary, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let path: RecordsDecoder.FastPath<PointRecord> = { d, z, level, slot in RecordDecoders.fastPoint(&d, zone: z, level: level, into: slot) }
        let (items, summary) = RecordsDecoder.decode(Array(text.utf8), file: "points.json", zone: zone, idKey: "id", diagnostics: &diagnostics,
                                                     parallelism: parallelism, fast: fast ? path : nil, RecordDecoders.point)
        return (items, summary, diagnostics)
    }

    /// Each record alone: whatever the fast path accepts, the general decoder reads to the same
    /// record without a problem, with the same id; and the fast path accepts the app's own records.
    @Test(arguments: [("Asia/Shanghai", UInt64(1)), ("America/New_York", 2), ("Australia/Lord_Howe", 3), ("UTC", 4), ("Pacific/Apia", 5)])
    func eachRecordAsTheGeneralDecoderReadsIt(zoneName: String, seed: UInt64) throws {
        let zone = try #require(Zone(identifier: zoneName))
        var accepted = 0, handedOver = 0
        for text in Self.records(seed: seed, count: 6_000) {
            let bytes = Array(("[" + text + "]").utf8)
            let general = try JSONParser.parse(bytes)
            guard case .array(let elements) = general, let element = elements.first else { Issue.record("\(text)"); continue }
            var expected: PointRecord?, expectedID: String?
            if case .object(let object) = element {
                var reader = RecordReader(object, file: "points.json", location: .element(0, inEnvelope: false), zone: zone)
                if let record = RecordDecoders.point(&reader), reader.problems.isEmpty { expected = record }
                switch object["id"] {
                case .string(let s)?, .number(let s)?: expectedID = s
                default: break
                }
            }
            let fast = bytes.withUnsafeBufferPointer { buffer -> (PointRecord, String?)? in
                var decoder = FastRecordDecoder(buffer, at: 1, interner: StringInterner())
                guard let (record, id) = decoder.pointRecord(zone: zone, level: 2) else { return nil }
                // The walk ends just after the record.
                #expect(decoder.index == buffer.count - 1, "\(text)")
                return (record, id.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) })
            }
            if let (record, id) = fast {
                accepted += 1
                #expect(record == expected, "\(text)")
                #expect(id == expectedID, "\(text)")
            } else {
                handedOver += 1
            }
        }
        #expect(accepted > 1_500 && handedOver > 1_500, "\(accepted) accepted, \(handedOver) handed over")
    }

    /// Whole files, serial and on several cores, in an envelope or a bare array: records,
    /// summaries and every message (duplicate ids among them) as without the fast path.
    @Test(arguments: [("Asia/Shanghai", UInt64(11), 1), ("America/New_York", 12, 2), ("Europe/Dublin", 13, 3), ("UTC", 14, 2)])
    func wholeFilesAsTheGeneralDecoderReadsThem(zoneName: String, seed: UInt64, cores: Int) throws {
        let zone = try #require(Zone(identifier: zoneName))
        let body = Self.records(seed: seed, count: 30_000).joined(separator: seed % 2 == 0 ? ",\n" : ",")
        for text in [#"{"code":"00000","data":["# + body + #"],"ok":true}"#, "[" + body + "]"] {
            let fast = Self.decode(text, zone: zone, fast: true, parallelism: Parallelism(cores: cores))
            let general = Self.decode(text, zone: zone, fast: false, parallelism: .serial)
            #expect(fast.0 == general.0)
            #expect(fast.1 == general.1)
            #expect(fast.2 == general.2)
            #expect(general.0.count > 10_000 && general.1.invalid > 3_000)
            #expect(general.2.contains { $0.message.hasPrefix("duplicate id") })
        }
    }

    /// A file cut short anywhere, or holding a byte that is not UTF-8: the same one message.
    @Test func truncatedAndInvalidFilesGiveTheSameMessage() {
        let records = Self.records(seed: 21, count: 40)
        let text = #"{"code":"00000","data":["# + records.joined(separator: ",") + #"],"ok":true}"#
        let bytes = Array(text.utf8)
        var cuts = 0
        for end in stride(from: 0, to: bytes.count, by: 3) where bytes[end] & 0xC0 != 0x80 {
            let cut = String(decoding: bytes[..<end], as: UTF8.self)
            let fast = Self.decode(cut, zone: .utc, fast: true, parallelism: .serial)
            let general = Self.decode(cut, zone: .utc, fast: false, parallelism: .serial)
            #expect(fast.2 == general.2 && fast.0 == general.0, "cut at \(end)")
            cuts += 1
        }
        #expect(cuts > 500)
        for bad: UInt8 in [0xFF, 0xC0, 0x80, 0xED] {
            // Places of ASCII bytes: a continuation byte replaced might still make a character.
            for place in [30, bytes.count / 2, bytes.count - 20].map({ p in (p...).first { bytes[$0] < 0x80 } ?? p }) {
                var broken = bytes
                broken[place] = bad
                var fastDiagnostics: [Diagnostic] = [], generalDiagnostics: [Diagnostic] = []
                _ = RecordsDecoder.decode(broken, file: "points.json", zone: .utc, idKey: "id", diagnostics: &fastDiagnostics,
                                          fast: { d, z, level, slot in RecordDecoders.fastPoint(&d, zone: z, level: level, into: slot) }, RecordDecoders.point)
                _ = RecordsDecoder.decode(broken, file: "points.json", zone: .utc, idKey: "id", diagnostics: &generalDiagnostics, RecordDecoders.point)
                #expect(fastDiagnostics == generalDiagnostics && fastDiagnostics.count == 1, "0x\(String(bad, radix: 16)) at \(place)")
            }
        }
    }

    /// The decoder reads only the bytes it is given: each record cut at every byte, with nothing
    /// after the cut, is refused (or, cut after its closing brace, read) without reading past it.
    @Test func recordsCutAtEveryByteStayInBounds() {
        let samples = Self.records(seed: 31, count: 300) + [
            #"{"id":"100001","point":"5","pointType":"tag","pointName":"拉伸 Stretching","pointDescribe":null,"pointDate":"2016-12-02T07:10:51"}"#,
        ]
        for text in samples {
            let bytes = Array(text.utf8)
            for end in 0...bytes.count {
                let prefix = Array(bytes[..<end])
                let read = prefix.withUnsafeBufferPointer { buffer -> Bool in
                    var decoder = FastRecordDecoder(buffer, at: 0, interner: StringInterner())
                    let record = decoder.pointRecord(zone: .utc, level: 2)
                    #expect(decoder.index <= buffer.count)
                    return record != nil
                }
                if read { #expect(end == bytes.count, "\(text) cut at \(end)") }
            }
        }
    }
}

extension FastRecordDecoder {
    /// The point record read into a slot of its own, and its id's place.
    mutating func pointRecord(zone: Zone, level: Int) -> (PointRecord, Range<Int>?)? {
        let slot = UnsafeMutablePointer<PointRecord>.allocate(capacity: 1)
        defer { slot.deallocate() }
        guard let id = pointRecord(zone: zone, level: level, into: slot) else { return nil }
        return (slot.move(), id)
    }
}
