import Testing
@testable import WaymarkKit

/// The fast path for point records must give exactly what the general decoder gives: the same
/// records, the same messages, the same duplicate-id warnings.
struct FastPathTests {
    static let pointForms = [#""point": 3"#, #""point": "3""#, #""point": -12"#, #""point": "-0""#, #""point": 0"#, #""point": 1000000000"#,
                             #""point": 1000000001"#, #""point": "007""#, #""point": 3.0"#, #""point": "3.5""#, #""point": " 3""#, #""point": 1e2"#,
                             #""point": null"#, #""point": true"#, #""point": "x""#, #""point": 12345678901"#, #""point": "+3""#, #""point": []"#]
    static let dateForms = [#""pointDate": "2026-11-29T08:00:00""#, #""pointDate": "2026-11-29""#, #""pointDate": " 2026-11-29 07:00:00 ""#,
                            #""pointDate": "2026-11-29T08:00:00+08:00""#, #""pointDate": "2026-02-30""#, #""pointDate": """#, #""pointDate": null"#,
                            #""pointDate": 20261129"#, #""pointDate": "2026-11-29T08:00:00\u005A""#]
    static let textForms = [#""pointName": "晨跑 Morning run""#, #""pointName": null"#, #""pointName": """#, #""pointName": "a\"b\\c""#,
                            #""pointName": 42"#, #""pointName": {"x": 1}"#, #""pointType": "tag""#, #""pointType": "\u0074ag""#,
                            #""pointDescribe": "tab\tinside""#, #""pointDescribe": [1, {"deep": [null]}]"#]
    static let extraForms = [#""id": "7""#, #""id": 7"#, #""id": """#, #""id": null"#, #""id": {"a": 1}"#, #""userId": "u-1""#,
                             #""createTime": null"#, #""nested": {"a": [1, 2, {"b": false}]}"#, #""point": 5"#, #""pointDate": "2026-11-28""#]

    static func records(seed: UInt64, count: Int) -> String {
        var random = SampleRandom(seed: seed)
        var parts: [String] = []
        for _ in 0..<count {
            var fields = [random.pick(pointForms), random.pick(dateForms)]
            for _ in 0..<random.int(4) { fields.append(random.pick(random.unit() < 0.5 ? textForms : extraForms)) }
            // Shuffle so that later duplicates override earlier ones in every order.
            for i in stride(from: fields.count - 1, to: 0, by: -1) { fields.swapAt(i, random.int(i + 1)) }
            let spaced = random.unit() < 0.3
            parts.append("{" + fields.joined(separator: spaced ? " ,\n  " : ",") + (spaced ? " }" : "}"))
        }
        return parts.joined(separator: ",\n")
    }

    @Test(arguments: [(1, false), (2, true), (3, false), (4, true)])
    func sameAsTheGeneralDecoder(seed: UInt64, envelope: Bool) {
        let body = Self.records(seed: seed, count: 45_000)
        let text = envelope ? #"{"code":"00000","data":["# + body + #"],"ok":true}"# : "[" + body + "]"
        let zone = Zone(identifier: "Asia/Shanghai")!
        var fastDiagnostics: [Diagnostic] = [], slowDiagnostics: [Diagnostic] = []
        let (fast, fastSummary) = RecordsDecoder.decode(Array(text.utf8), file: "points.json", zone: zone, idKey: "id",
                                                        diagnostics: &fastDiagnostics,
                                                        fast: { d, z, level, slot in RecordDecoders.fastPoint(&d, zone: z, level: level, into: slot) },
                                                        RecordDecoders.point)
        let (slow, slowSummary) = RecordsDecoder.decode(Array(text.utf8), file: "points.json", zone: zone, idKey: "id",
                                                        diagnostics: &slowDiagnostics, RecordDecoders.point)
        #expect(fast == slow)
        #expect(fastSummary == slowSummary)
        #expect(fastDiagnostics == slowDiagnostics)
        // The data must exercise both paths and both outcomes.
        #expect(fast.count > 1000 && fastSummary.invalid > 1000)
        #expect(fastDiagnostics.contains { $0.message.hasPrefix("duplicate id") })
    }

    @Test func invalidJSONInsideARecordIsNeverAccepted() {
        for bad in [#"[{"point": 1, "pointDate": "2026-11-29", "x": 01}]"#, #"[{"point": 1, "pointDate": "2026-11-29", "x": tru}]"#,
                    #"[{"point": 1, "pointDate": "2026-11-29", "x": "\q"}]"#, #"[{"point": 1 "pointDate": "2026-11-29"}]"#,
                    "[{\"point\": 1, \"pointDate\": \"2026-11-29\", \"x\": \"a\u{1}b\"}]"] {
            var diagnostics: [Diagnostic] = []
            let (items, _) = RecordsDecoder.decode(Array(bad.utf8), file: "points.json", zone: .utc, idKey: "id", diagnostics: &diagnostics,
                                                   fast: { d, z, level, slot in RecordDecoders.fastPoint(&d, zone: z, level: level, into: slot) }, RecordDecoders.point)
            #expect(items.isEmpty, "\(bad)")
            #expect(diagnostics.count == 1 && diagnostics[0].description.hasPrefix("points.json:1:"), "\(bad): \(diagnostics)")
        }
    }
}
