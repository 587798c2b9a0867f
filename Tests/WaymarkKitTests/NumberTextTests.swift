import Testing
@testable import WaymarkKit

struct NumberTextTests {
    @Test func jsonGrammarOnly() {
        #expect(NumberText.double("62.5") == .success(62.5))
        #expect(NumberText.double(" 3 ") == .success(3))
        #expect(NumberText.double("-0") == .success(0))
        #expect(NumberText.double("NaN") == .failure(.notANumber))
        #expect(NumberText.double("Infinity") == .failure(.notANumber))
        #expect(NumberText.double("0x1p3") == .failure(.notANumber))
        #expect(NumberText.double("1e400") == .failure(.outOfRange))
        #expect(NumberText.double("") == .failure(.notANumber))
        #expect(NumberText.integer("3.0") == .success(3))
        #expect(NumberText.integer("3e2") == .success(300))
        #expect(NumberText.integer("2.5") == .failure(.notWhole))
        #expect(NumberText.integer("-12") == .success(-12))
        #expect(NumberText.integer("99999999999") == .failure(.outOfRange))
    }
}
