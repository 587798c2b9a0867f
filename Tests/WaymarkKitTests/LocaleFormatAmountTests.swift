import Testing
@testable import WaymarkKit

/// `LocaleFormat.amount`: a habit's amounts grouped as counts are, without trailing zeros.
struct LocaleFormatAmountTests {
    @Test func amountsAreGroupedAndTrimmed() {
        let f = LocaleFormat(.en)
        #expect(f.amount(3_866_825) == "3,866,825")
        #expect(f.amount(6795.833) == "6,795.83")
        #expect(f.amount(5.2) == "5.2")
        #expect(f.amount(5.0) == "5")
        #expect(f.amount(999.995) == "1,000")  // rounded to two places first
        #expect(f.amount(630) == "630")
        #expect(f.amount(-1234.5) == "−1,234.5")
        #expect(f.amount(0) == "0")
        #expect(LocaleFormat(.zhHans).amount(12_345.6) == "12,345.6")
        // Past Int64 the value is written whole, as `decimal` writes it, and still grouped.
        #expect(f.amount(1e20) == "100,000,000,000,000,000,000")
    }
}
