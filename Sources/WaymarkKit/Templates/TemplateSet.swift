import Synchronization

/// A set of named Mustache templates that can include each other as partials and parents.
///
/// Every template is parsed when the set is made, so syntax errors surface before any page is
/// rendered. Rendering is thread-safe.
public final class TemplateSet: Sendable {
    /// What to do when a partial or parent is not in the set.
    public enum MissingPartial: Sendable {
        /// Render nothing, as the Mustache spec asks.
        case empty
        /// Fail with the tag's location.
        case error
    }

    let sources: [String: String]
    /// Each template, parsed and laid out for rendering.
    let programs: [String: MustacheProgram]
    let missingPartial: MissingPartial
    /// Only `.html` values are written unescaped (see `TemplateValue.html`).
    let strictHTML: Bool
    /// Template nodes one render may visit before the size of its data is counted; the largest
    /// page of a ten-year export visits about 10,000. Bounds the work of templates that expand
    /// themselves over and over.
    let maxSteps: Int
    /// Steps a render may take beyond `maxSteps` for each value of its data (`MustacheRenderer`):
    /// Waymark's templates visit fewer than 20 nodes per value, a theme's row may hold far more.
    static let stepsPerValue = 1_000
    /// Partials and blocks parsed again with the indentation of a standalone tag.
    private let indented = Mutex<[String: MustacheProgram]>([:])

    /// Parses every template; the first syntax error found, in name order, is thrown.
    /// - Parameter sources: template name (as used in `{{>name}}`) → source.
    public init(_ sources: [String: String], missingPartial: MissingPartial = .error, strictHTML: Bool = true,
                maxSteps: Int = 1_000_000) throws(TemplateError) {
        var programs: [String: MustacheProgram] = [:]
        for name in sources.keys.sorted() {
            programs[name] = MustacheProgram(try MustacheParser.parse(sources[name] ?? "", template: TemplateSet.fileName(name)))
        }
        self.sources = sources
        self.programs = programs
        self.missingPartial = missingPartial
        self.strictHTML = strictHTML
        self.maxSteps = maxSteps
    }

    /// The names of all templates, sorted.
    public var names: [String] { sources.keys.sorted() }

    static func fileName(_ name: String) -> String { name + ".mustache" }

    /// Renders the template `name` with `context`.
    public func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String {
        String(decoding: try renderBytes(name, [context]), as: UTF8.self)
    }

    /// Renders the template `name` as UTF-8 bytes, looking names up from the last context of
    /// `stack` to the first (a page's own values before those every page shares).
    func renderBytes(_ name: String, _ stack: [TemplateValue]) throws(TemplateError) -> [UInt8] {
        var finished: [Range<Int>] = []
        return try renderBytes(name, stack, finished: &finished)
    }

    /// As `renderBytes(_:_:)`, and `finished` is where each `.finishedHTML` value was written
    /// unescaped, in order.
    func renderBytes(_ name: String, _ stack: [TemplateValue], finished: inout [Range<Int>]) throws(TemplateError) -> [UInt8] {
        try renderBytes(name, stack, deriving: [], derivations: nil, finished: &finished)
    }

    /// As `renderBytes(_:_:finished:)`, with `derivations` worked out in the contexts of `stack`
    /// whose `deriving` is true (and in what is looked up inside them); a context past the end of
    /// `deriving` does not derive.
    func renderBytes(_ name: String, _ stack: [TemplateValue], deriving: [Bool], derivations: TemplateDerivations?,
                     finished: inout [Range<Int>]) throws(TemplateError) -> [UInt8] {
        try renderBuffer(name, stack, deriving: deriving, derivations: derivations, finished: &finished).finish()
    }

    /// As `renderBytes(_:_:deriving:derivations:finished:)`, the page left in the buffer it was
    /// written into, for a pass that reads it and makes the page's bytes (`DateNoBreak`).
    func renderBuffer(_ name: String, _ stack: [TemplateValue], deriving: [Bool], derivations: TemplateDerivations?,
                      finished: inout [Range<Int>]) throws(TemplateError) -> ByteBuffer {
        guard let program = programs[name] else {
            throw TemplateError(template: TemplateSet.fileName(name), line: 1, column: 1, message: "no template named \"\(name)\"")
        }
        var renderer = MustacheRenderer(set: self, template: name, data: stack, derivations: derivations)
        // Room for the page around the largest pieces it holds (tables, notes, charts), so the
        // buffer is not copied over and over while it grows.
        var hint = 16_384
        for case .object(let members) in stack {
            for value in members.values {
                switch value {
                case .htmlBytes(let b), .finishedHTML(let b): hint += b.count
                case .html(let h): hint += h.utf8.count
                default: break
                }
            }
        }
        // Pages of one template are much alike: room for the largest so far and an eighth more.
        let largest = program.largestPage.load(ordering: .relaxed)
        var out = ByteBuffer(capacity: max(hint, largest + largest / 8))
        var frames: [TemplateFrame] = []
        frames.reserveCapacity(stack.count + 8)
        for (i, value) in stack.enumerated() { frames.append(TemplateFrame(value, derives: i < deriving.count && deriving[i])) }
        try renderer.render(program, stack: &frames, overrides: [:], into: &out)
        finished = renderer.finished
        program.rendered(size: out.count)
        return out
    }

    /// A partial laid out for rendering, re-parsed with an indentation prefix when it has one. A parse
    /// adds to `cost` (one step per 16 bytes), so re-parsing counts against the render's budget.
    func partial(_ name: String, indentation: String, cost: inout Int) throws(TemplateError) -> MustacheProgram? {
        guard let program = programs[name] else { return nil }
        guard !indentation.isEmpty, let source = sources[name] else { return program }
        let key = "p\u{0}" + name + "\u{0}" + indentation
        if let cached = indented.withLock({ $0[key] }) { return cached }
        var work = 0
        defer { cost += work / 16 + 1 }
        let result = MustacheProgram(try MustacheParser.parse(MustacheParser.indent(source, with: indentation), template: TemplateSet.fileName(name),
                                                              columnShift: indentation.count, work: &work))
        indented.withLock { $0[key] = result }
        return result
    }

    /// A block body laid out for rendering, re-parsed with an indentation prefix when it has one.
    func block(_ body: MustacheBlock, template: String, indentation: String?, cost: inout Int) throws(TemplateError) -> MustacheProgram {
        guard let indentation, !indentation.isEmpty else { return body.program }
        let key = "b\u{0}" + template + "\u{0}\(body.firstLine)\u{0}" + body.source + "\u{0}" + indentation
        if let cached = indented.withLock({ $0[key] }) { return cached }
        var work = 0
        defer { cost += work / 16 + 1 }
        let result = MustacheProgram(try MustacheParser.parse(MustacheParser.indent(body.source, with: indentation), template: TemplateSet.fileName(template),
                                                              open: body.open, close: body.close, firstLine: body.firstLine,
                                                              columnShift: indentation.count, work: &work))
        indented.withLock { $0[key] = result }
        return result
    }
}
