import Testing
@testable import WaymarkKit

struct LocalisationTests {
    @Test func everyStringExistsInBothLanguages() {
        // The space between words, which Chinese writes without.
        #expect(UIString.wordSpace.text(.en) == " " && UIString.wordSpace.text(.zhHans) == "")
        for key in UIString.allCases where key != .wordSpace {
            #expect(!key.text(.en).isEmpty, "\(key) has no English text")
            #expect(!key.text(.zhHans).isEmpty, "\(key) has no Chinese text")
            // Placeholders must match between languages.
            func placeholders(_ s: String) -> Set<String> {
                Set(s.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { $0.split(separator: "}").first.map(String.init) })
            }
            #expect(placeholders(key.text(.en)) == placeholders(key.text(.zhHans)), "\(key)")
        }
    }

    @Test func templatesUseOnlyExistingStrings() {
        let known = Set(UIString.allCases.map(\.rawValue))
        for (name, source) in Theme.embedded.templates {
            for part in source.components(separatedBy: "{{t.").dropFirst() {
                let key = String(part.prefix { $0.isLetter || $0.isNumber })
                #expect(known.contains(key), "\(name).mustache uses t.\(key), which has no translation")
            }
        }
    }

    @Test func localeFormats() {
        let en = LocaleFormat(.en), zh = LocaleFormat(.zhHans)
        let d = LocalDate(year: 2026, month: 11, day: 29)!
        #expect(en.shortDate(d) == "Nov 29" && zh.shortDate(d) == "11月29日")
        #expect(en.longDate(d) == "Nov 29, 2026" && zh.longDate(d) == "2026年11月29日")
        #expect(en.monthYear(year: 2026, month: 11) == "November 2026" && zh.monthYear(year: 2026, month: 11) == "2026年11月")
        #expect(en.weekday(d) == "Sun" && zh.weekday(d) == "周日")
        #expect(en.integer(1_234_567) == "1,234,567" && en.integer(-12) == "−12" && en.integer(0) == "0")
        // Against the rule stated on characters: a comma before every group of three from the right.
        func reference(_ n: Int) -> String {
            let digits = Array(String(n.magnitude))
            var out = ""
            for (i, ch) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
                out.append(ch)
            }
            return n < 0 ? "−" + out : out
        }
        for n in [1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 100_000, 999_999, 1_000_000, Int.max, Int.min, -1, -999, -1_000, -1_234_567] {
            #expect(en.integer(n) == reference(n), "\(n)")
        }
        #expect(en.decimal(62.45) == "62.5" && en.decimal(-0.05) == "−0.1" && en.decimal(3) == "3.0")
        // 2.675 is stored as 2.67499999999999982…, but times 100 the exact product lies closer to
        // 267.5 than to the next double below, so it rounds to 267.5 and then away from zero.
        #expect(LocaleFormat.fixed(2.675, places: 2) == "2.68")
        #expect(LocaleFormat.fixed(-2.675, places: 2) == "-2.68")
        // 1.005 is stored below 1.005 and times 100 stays below 100.5 (100.49999999999999): down.
        #expect(LocaleFormat.fixed(1.005, places: 2) == "1.00")
        #expect(Phrases(.en).days(1) == "1 day" && Phrases(.en).days(3) == "3 days" && Phrases(.zhHans).days(3) == "3 天")
        #expect(Phrases(.en).duration(minutes: 450) == "7 h 30 min" && Phrases(.zhHans).duration(minutes: 450) == "7小时30分钟")
        // A card's figure may break between hours and minutes: a zero-width space in Chinese.
        #expect(Phrases(.en).durationFigure(minutes: 3_870) == "64 h 30 min" && Phrases(.zhHans).durationFigure(minutes: 3_870) == "64小时\u{200B}30分钟")
        #expect(Phrases(.zhHans).durationFigure(minutes: 3_840) == "64小时" && Phrases(.zhHans).durationFigure(minutes: 30) == "30分钟")
        #expect(Phrases(.en).duration(minutes: 45) == "45 min" && Phrases(.en).duration(minutes: 120) == "2 h")
        #expect(LocaleFormat.offset(-16_200) == "-04:30")
    }
}
