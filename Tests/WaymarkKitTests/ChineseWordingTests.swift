import Foundation
import Testing
@testable import WaymarkKit

/// The demo site in Chinese says what the English site says, in Chinese ways: a change of
/// strength as 上升/下降 with the same number of points, the habits table's streak as 当前连续,
/// a column's unit in full-width brackets, an hour without a leading zero, a week as "…当周".
struct ChineseWordingTests {
    func site(_ language: String) throws -> [String: String] {
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", "-o", dir.file("site"), "--lang", language, "-q"])
        #expect(run.code == 0, "\(run.stderr)")
        return Golden.files(in: dir.file("site")).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theDemoInChinese() throws {
        let en = try site("en"), zh = try site("zh-Hans")
        // Each habit page's 30-day change: "+11 percentage points …" in English is "近 30 天上升 11 个百分点".
        var compared = 0
        for (path, page) in en where path.hasPrefix("habits/") && !path.contains("/index") {
            guard let match = page.firstMatch(of: /([+−])([0-9]+) percentage points? in the last 30 days/) else { continue }
            let word = match.output.1 == "+" ? "上升" : "下降"
            #expect(zh[path]?.contains("30 天\(word) \(match.output.2) 个百分点") == true, "\(path)")
            compared += 1
        }
        #expect(compared >= 5)
        #expect(zh.values.allSatisfy { $0.firstMatch(of: /30 天 [+−][0-9]+ 个百分点/) == nil })
        let front = try #require(zh["index.html"])
        #expect(front.contains(#"<th scope="col" class="num">当前连续</th>"#))
        #expect(try #require(en["index.html"]).contains(#"<th scope="col" class="num">Streak</th>"#))
        let weight = try #require(zh["weight/index.html"])
        #expect(weight.contains("<th scope=\"col\">平均（公斤）</th>") && !weight.contains(" (公斤)"))
        #expect(try #require(en["weight/index.html"]).contains("<th scope=\"col\">Mean (kg)</th>"))
        // Hours: "6时", never "06时"; weeks: "2026年10月26日当周".
        let habits = zh.filter { $0.key.hasPrefix("habits/") }.values
        #expect(habits.contains { $0.contains("<title>6时 · ") } && !habits.contains { $0.contains("<title>06时") })
        #expect(habits.contains { $0.contains("2026年10月26日当周") } && !habits.contains { $0.contains("那一周") })
        #expect(try #require(zh["period/month.html"]).contains("过去一个月") && !zh.values.contains { $0.contains("过去一月") })
        // Total time as a card's figure breaks between hours and minutes, never inside a word.
        #expect(try #require(zh["habits/reading.html"]).contains("<span class=\"value\">64小时\u{200B}30分钟</span>"))
        let css = try String(contentsOfFile: TestPaths.repo.appendingPathComponent("Public/style.css").path, encoding: .utf8)
        let value = try #require(css.components(separatedBy: "\n").first { $0.hasPrefix(".stat .value {") })
        #expect(value.contains("word-break: keep-all;"))
    }
}
