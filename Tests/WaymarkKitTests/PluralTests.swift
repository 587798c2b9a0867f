import Testing
@testable import WaymarkKit

struct PluralTests {
    @Test func englishHasOneOnlyForPlusOrMinusOne() {
        #expect(Plural.of(1, in: .en) == .one)
        #expect(Plural.of(-1, in: .en) == .one)
        #expect(Plural.of(0, in: .en) == .other)
        #expect(Plural.of(2, in: .en) == .other)
        #expect(Plural.of(Int.min, in: .en) == .other)
    }

    @Test func chineseNeverInflects() {
        for n in [0, 1, 2, 501] { #expect(Plural.of(n, in: .zhHans) == .other) }
    }

    @Test func countedPhrasesInBothLanguages() {
        let en = Phrases(.en), zh = Phrases(.zhHans)
        #expect(en.records(1) == "1 record")
        #expect(en.records(501) == "501 records")
        #expect(en.records(0) == "0 records")
        #expect(zh.records(568) == "568 条记录")
        #expect(zh.records(1) == "1 条记录")
        #expect(en.days(1) == "1 day")
        #expect(en.days(1_000) == "1,000 days")
        #expect(en.points(-1) == "-1 point" || en.points(-1) == "−1 point")
        #expect(zh.days(3) == "3 天")
    }

    @Test func textLanguageMarksOnlyTheOtherScript() {
        #expect(TextLanguage.lang(of: "阅读", on: .en) == "zh-Hans")
        #expect(TextLanguage.lang(of: "Reading", on: .zhHans) == "en")
        #expect(TextLanguage.lang(of: "晨跑 Morning run", on: .en) == nil)
        #expect(TextLanguage.lang(of: "晨跑 Morning run", on: .zhHans) == nil)
        #expect(TextLanguage.lang(of: "阅读", on: .zhHans) == nil)
        #expect(TextLanguage.lang(of: "Reading", on: .en) == nil)
        #expect(TextLanguage.lang(of: "5 km · 2026", on: .zhHans) == "en")
        #expect(TextLanguage.lang(of: "2026", on: .zhHans) == nil)
        #expect(TextLanguage.lang(of: "Café", on: .zhHans) == "en")
        #expect(TextLanguage.lang(of: "读完《原则》", on: .en) == "zh-Hans")
    }
}
