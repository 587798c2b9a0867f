import Testing
@testable import WaymarkKit

/// Colours are written as `#rrggbb` in lower case, and read back from what apps write.
struct ColorTests {
    @Test func handWorkedColours() {
        #expect(Color(red: 0, green: 0, blue: 0).description == "#000000")
        #expect(Color(red: 255, green: 255, blue: 255).description == "#ffffff")
        #expect(Color(red: 0x0F, green: 0x76, blue: 0x6E).description == "#0f766e")
        #expect(Color(hex: "#FF8F00")?.description == "#ff8f00")
        #expect(Color(hex: "abc")?.description == "#aabbcc")
    }

    /// Every value of each component, against `String(_:radix:)` padded to two digits (the
    /// plain reference), the other components varied with it.
    @Test func everyComponentValueAsRadixSixteenWritesIt() {
        func two(_ v: UInt8) -> String { (v < 16 ? "0" : "") + String(v, radix: 16) }
        for v in 0...255 {
            let r = UInt8(v), g = UInt8(255 - v), b = UInt8(v) ^ 0x5A
            let color = Color(red: r, green: g, blue: b)
            #expect(color.description == "#" + two(r) + two(g) + two(b), "\(v)")
            #expect(Color(hex: color.description) == color)
        }
    }
}
