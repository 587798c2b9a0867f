import Foundation
import Testing
@testable import WaymarkKit

/// Completed, due, overdue, on time and late are one definition (`TargetStatus`): on the decade
/// sample the dashboard, the targets page, the year pages and `stats.json` agree figure by figure.
struct TargetFiguresTests {
    static func int(_ value: JSONValue?) -> Int? {
        guard case .number(let n)? = value else { return nil }
        return Int(n)
    }

    static func firstMatch(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let m = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return [] }
        return (1..<m.numberOfRanges).compactMap { Range(m.range(at: $0), in: text).map { String(text[$0]) } }
    }

    @Test func theDecadeSamplesTargetFiguresAgreeEverywhere() throws {
        let dir = TemporaryDirectory()
        #expect(CLIRun(["sample", "-q", "--years", "10", "--tags", "30", "--seed", "7", "-o", dir.file("export")]).code == 0)
        let run = CLIRun(["build", dir.file("export"), "-q", "-o", dir.file("site")])
        try #require(run.code == 0, "\(run.stderr)")
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        let targets = try #require(stats["targets"])
        let onTime = try #require(Self.int(targets["onTime"])), late = try #require(Self.int(targets["late"]))
        let overdue = try #require(Self.int(targets["overdue"])), completed = try #require(Self.int(targets["completed"]))
        // The sample's targets all have dates: every completed one is on time or late, in a year and in `all`.
        #expect(completed == onTime + late)
        #expect(overdue > 0 && completed > 0)
        guard case .array(let years)? = stats["years"] else { Issue.record("no years"); return }
        #expect(years.compactMap { Self.int($0["targetsCompleted"]) }.reduce(0, +) == completed)
        #expect(years.compactMap { Self.int($0["targetsOnTime"]) }.reduce(0, +) == onTime)
        #expect(years.compactMap { Self.int($0["targetsLate"]) }.reduce(0, +) == late)
        #expect(Self.int(stats["periods"]?["all"]?["completedTargets"]) == completed)
        // All time, the due targets are the on-time, late and overdue ones; the done among them the completed.
        let rate = LocaleFormat.fixed(Double(onTime) / Double(onTime + late + overdue) * 100, places: 1)
        #expect(stats["periods"]?["all"]?["completionRate"] == .number(rate))
        #expect(targets["onTimeRate"] == .number(rate))

        let all = try #require(dir.read("site/period/all.html"))
        #expect(all.contains(#"<span class="label">Targets completed</span><span class="value">\#(completed)</span>"#))
        #expect(all.contains(#"<span class="value">\#(rate)%</span><span class="sub">\#(completed) of \#(onTime + late + overdue) due were done</span>"#))
        #expect(all.contains(#"<a class="badge overdue" href="../targets/index.html">\#(overdue) overdue"#))
        let page = try #require(dir.read("site/targets/index.html"))
        #expect(page.contains("<h2>Done <span class=\"count\">\(completed)</span></h2>"))
        #expect(page.contains("<strong>On time: \(rate)%</strong> <span class=\"describe\">\(onTime) of \(onTime + late + overdue) targets due so far "
            + "were done by their deadline’s day (\(late) done late, \(overdue) overdue and not done).</span>"))
        // Each year page says what stats.json says of that year.
        for year in years {
            guard case .number(let y)? = year["year"] else { continue }
            let html = try #require(dir.read("site/years/\(y).html"))
            let shown = Self.firstMatch(#"<span class="label">Targets completed</span><span class="value">([0-9,]+)</span><span class="sub">([0-9,]+) on time · ([0-9,]+) late</span>"#, in: html)
            let expected = [year["targetsCompleted"], year["targetsOnTime"], year["targetsLate"]].map { Self.int($0).map(String.init) ?? "?" }
            #expect(shown == expected, "\(y)")
        }
    }
}
