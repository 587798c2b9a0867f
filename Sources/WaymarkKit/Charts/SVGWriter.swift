/// A chart's markup written straight into UTF-8 bytes (`ByteBuffer`): literal markup copied as
/// it is, coordinates as `SVG.number` writes them and text escaped as `SVG.text` does, without the
/// temporary strings of interpolation and `String` appends (a habit's year page draws about 130
/// bars and 80 circles, and growing a `String` by small pieces costs several times their bytes).
struct SVGWriter: ~Copyable {
    private var buffer: ByteBuffer

    init(capacity: Int) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The markup written.
    var bytes: [UInt8] { buffer.bytes }

    /// The markup written, given up.
    consuming func finish() -> [UInt8] { buffer.bytes }

    /// Literal markup.
    @inline(__always)
    static func += (writer: inout SVGWriter, markup: StaticString) {
        writer.buffer.append(markup)
    }

    /// Markup made elsewhere and already escaped (an `SVG.open`, a class name the chart chose).
    mutating func markup(_ markup: String) {
        buffer.append(utf8: markup)
    }

    /// The opening of an accessible chart as `SVG.open(…)` writes it, its class `kind` followed
    /// by `className`: written in place, where `SVG.open` interpolates a `String` of some twenty
    /// pieces (a decade's habit pages draw 1,500 bar charts).
    mutating func open(id: String, width: Double, height: Double, kind: StaticString, className: String = "", title: String,
                       desc: String) {
        self += "<svg class=\""
        self += kind
        markup(className)
        self += "\" viewBox=\"0 0 "
        number(width)
        self += " "
        number(height)
        self += "\" role=\"img\" aria-labelledby=\""
        markup(id)
        self += "-title "
        markup(id)
        self += "-desc\" xmlns=\"http://www.w3.org/2000/svg\"><title id=\""
        markup(id)
        self += "-title\">"
        text(title)
        self += "</title><desc id=\""
        markup(id)
        self += "-desc\">"
        text(desc)
        self += "</desc>"
    }

    /// A `<text>` element at (`x`, `y`) holding `text` escaped; `attributes` follow the
    /// position, each with its leading space.
    mutating func text(_ text: String, x: Double, y: Double, attributes: StaticString = "") {
        self += "<text x=\""
        number(x)
        self += "\" y=\""
        number(y)
        self += "\""
        self += attributes
        self += ">"
        self.text(text)
        self += "</text>"
    }

    /// A coordinate or length: `SVG.number(value)`.
    @inline(__always)
    mutating func number(_ value: Double) {
        SVG.appendNumber(value, to: &buffer)
    }

    /// A coordinate to a tenth: `WeightChart.c(value)` (the line charts' precision).
    @inline(__always)
    mutating func coordinate(_ value: Double) {
        let tenths: Int64 = value.isFinite ? Int64((min(max(value, -1e15), 1e15) * 10).rounded()) : 0
        SVG.appendDecimal(tenths, places: 1, to: &buffer)
    }

    /// Markup already written as UTF-8 (a path drawn once and used twice).
    mutating func bytes(_ markup: [UInt8]) {
        buffer.append(markup)
    }

    /// The bytes of `markup` in `range`, already written as UTF-8 (a title escaped once and drawn
    /// by two charts).
    mutating func bytes(_ markup: [UInt8], _ range: Range<Int>) {
        markup.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// A whole number, e.g. a level in a class name.
    mutating func integer(_ value: Int) {
        buffer.appendInteger(value)
    }

    /// Text from data or the page's language: `SVG.text(text)`.
    mutating func text(_ text: String) {
        HTMLEscape.append(text, to: &buffer)
    }
}
