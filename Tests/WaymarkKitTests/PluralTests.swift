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

    /// Chinese does not inflect: its `one` texts are the same as `other` but where a lone item
    /// reads differently, which is also the text for 1 (and −1, as English reads it).
    @Test func chineseTakesItsLoneItemTextAtOne() {
        for n in [0, 2, 501, -2, Int.min] { #expect(Plural.of(n, in: .zhHans) == .other) }
        #expect(Plural.of(1, in: .zhHans) == .one && Plural.of(-1, in: .zhHans) == .one)
        let zh = Phrases(.zhHans)
        #expect(zh.counted(1, one: .workoutsCardTimeOne, other: .workoutsCardTime) == "这一次锻炼的时长")
        #expect(zh.counted(3, one: .workoutsCardTimeOne, other: .workoutsCardTime) == "这 3 次锻炼的合计时长")
        #expect(zh.days(1) == "1 天" && zh.days(2) == "2 天")
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
