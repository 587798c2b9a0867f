/// Renders parsed nodes against a context stack.
struct MustacheRenderer {
    let set: TemplateSet
    /// The template being rendered, for messages.
    var template: String
    private var depth = 0
    static let maxDepth = 200
    /// Nodes visited so far. Depth alone does not bound the work: a block or partial that expands
    /// itself twice at every level stays shallow and grows as 2^depth.
    private var steps = 0
    /// The steps this render may take: `set.maxSteps` until that is spent, then that plus
    /// `TemplateSet.stepsPerValue` for every value of the page's data. A page of 20,000 habits
    /// visits more than a million nodes doing honest work, so a fixed budget would refuse big
    /// but valid data; one proportional to the data still stops a template that expands itself.
    private var budget: Int
    /// The data the render started with, measured only when the first budget runs out.
    private let data: [TemplateValue]
    private var measured = false
    /// Where each `.finishedHTML` value was written into the output, in order.
    private(set) var finished: [Range<Int>] = []

    /// Members worked out when asked in frames that derive (`TemplateDerivations`).
    private let derivations: TemplateDerivations?

    init(set: TemplateSet, template: String, data: [TemplateValue] = [], derivations: TemplateDerivations? = nil) {
        self.set = set
        self.template = template
        self.budget = set.maxSteps
        self.data = data
        self.derivations = derivations
    }

    /// Throws once the steps exceed the budget that the page's data allows.
    private mutating func checkBudget() throws(TemplateError) {
        guard steps > budget else { return }
        if !measured {
            measured = true
            // Capped so the sum cannot overflow (no page holds 2^50 values).
            let values = min(TemplateValue.descendantCount(data), 1 << 50)
            budget = min(set.maxSteps, 1 << 60) + values * TemplateSet.stepsPerValue
            if steps <= budget { return }
        }
        throw TemplateError(template: TemplateSet.fileName(template), line: 1, column: 1,
                            message: "rendering took more than \(budget) steps; does a partial or block expand itself again and again?")
    }

    /// `stack` grows by a context for each section entered and is back as it was on return.
    mutating func render(_ program: MustacheProgram, stack: inout [TemplateFrame], overrides: [String: MustacheBlock],
                         into out: inout ByteBuffer) throws(TemplateError) {
        try render(program, program.operations.indices, count: program.count, stack: &stack, overrides: overrides, into: &out)
    }

    /// The operations `range` of `program`, `count` of them at its level (the steps they take).
    private mutating func render(_ program: MustacheProgram, _ range: Range<Int>, count: Int, stack: inout [TemplateFrame],
                                 overrides: [String: MustacheBlock], into out: inout ByteBuffer) throws(TemplateError) {
        steps += count
        try checkBudget()
        var i = range.lowerBound
        while i < range.upperBound {
            let operation = program.operations[i]
            switch operation.kind {
            case .text:
                program.text.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[operation.start..<operation.end])) }
                i += 1
            case .variable:
                append(lookup(program, operation.start..<operation.end, in: stack).value, escaped: operation.flag, into: &out)
                i += 1
            case .section:
                try section(operation, children: (i + 1)..<operation.next, of: program, stack: &stack, overrides: overrides, into: &out)
                i = operation.next
            case .other:
                try render(other: program.others[operation.start], stack: &stack, overrides: overrides, into: &out)
                i += 1
            }
        }
    }

    /// A section's children: once per item of a list and once for another value that is not
    /// falsey, each with that item or value as the innermost context; inverted, once for a falsey
    /// value, in the contexts as they are.
    private mutating func section(_ operation: MustacheProgram.Operation, children: Range<Int>, of program: MustacheProgram,
                                  stack: inout [TemplateFrame], overrides: [String: MustacheBlock],
                                  into out: inout ByteBuffer) throws(TemplateError) {
        // Sections, partials and blocks share one depth: together they bound the recursion.
        guard depth < MustacheRenderer.maxDepth else {
            throw TemplateError(template: TemplateSet.fileName(template), line: operation.at.line, column: operation.at.column,
                                message: "sections, partials and blocks nested more than \(MustacheRenderer.maxDepth) deep")
        }
        depth += 1
        defer { depth -= 1 }
        let (value, derives) = lookup(program, operation.start..<operation.end, in: stack)
        if operation.flag {
            if value.isFalsey { try render(program, children, count: operation.count, stack: &stack, overrides: overrides, into: &out) }
        } else if !value.isFalsey {
            if case .array(let items) = value {
                for item in items {
                    stack.append(TemplateFrame(item, derives: derives))
                    defer { stack.removeLast() }
                    try render(program, children, count: operation.count, stack: &stack, overrides: overrides, into: &out)
                }
            } else {
                stack.append(TemplateFrame(value, derives: derives))
                defer { stack.removeLast() }
                try render(program, children, count: operation.count, stack: &stack, overrides: overrides, into: &out)
            }
        }
    }

    /// A partial, parent or block.
    private mutating func render(other node: MustacheNode, stack: inout [TemplateFrame], overrides: [String: MustacheBlock],
                                 into out: inout ByteBuffer) throws(TemplateError) {
        switch node {
        case .partial(let name, let indentation, let at):
            try include(name, indentation: indentation, at: at, stack: &stack, overrides: overrides, into: &out)
        case .parent(let name, let indentation, let inner, let at):
            // Substitutions from further out take precedence over the parent tag's own.
            var merged = overrides
            for (key, block) in inner where merged[key] == nil { merged[key] = block }
            try include(name, indentation: indentation, at: at, stack: &stack, overrides: merged, into: &out)
        case .block(let name, let body, let indentation):
            let chosen = overrides[name] ?? body
            // An override may contain the block it overrides: count expansions like includes.
            guard depth < MustacheRenderer.maxDepth else {
                throw TemplateError(template: TemplateSet.fileName(template), line: chosen.firstLine, column: 1,
                                    message: "blocks nested more than \(MustacheRenderer.maxDepth) deep; does the block \"\(name)\" contain itself?")
            }
            let program = try set.block(chosen, template: template, indentation: indentation, cost: &steps)
            depth += 1
            defer { depth -= 1 }
            try render(program, stack: &stack, overrides: overrides, into: &out)
        case .text, .variable, .section:
            // Laid out as operations of their own (`MustacheProgram`), never kept as others.
            break
        }
    }

    private mutating func include(_ name: String, indentation: String, at: SourceLocation, stack: inout [TemplateFrame],
                                  overrides: [String: MustacheBlock], into out: inout ByteBuffer) throws(TemplateError) {
        guard let program = try set.partial(name, indentation: indentation, cost: &steps) else {
            if set.missingPartial == .empty { return }
            throw TemplateError(template: TemplateSet.fileName(template), line: at.line, column: at.column,
                                message: "missing partial \"\(name)\": there is no \(TemplateSet.fileName(name))")
        }
        guard depth < MustacheRenderer.maxDepth else {
            throw TemplateError(template: TemplateSet.fileName(template), line: at.line, column: at.column,
                                message: "partials nested more than \(MustacheRenderer.maxDepth) deep; does \"\(name)\" include itself?")
        }
        let outer = template
        template = name
        depth += 1
        defer {
            depth -= 1
            template = outer
        }
        try render(program, stack: &stack, overrides: overrides, into: &out)
    }

    /// Resolves a dotted name: the first part in the nearest context that has it, the rest inside;
    /// with whether what it found derives members (that of the frame it was found in).
    private func lookup(_ program: MustacheProgram, _ path: Range<Int>, in stack: [TemplateFrame]) -> (value: TemplateValue, derives: Bool) {
        guard !path.isEmpty else { return stack.last.map { ($0.value, $0.derives) } ?? (.null, false) }
        let first = program.names[path.lowerBound]
        var value: TemplateValue?
        var derives = false
        // By index, from the top: a frame passed over is read in place, not copied.
        var k = stack.count - 1
        while k >= 0 {
            if let found = member(of: stack[k].value, first, derives: stack[k].derives) {
                value = found
                derives = stack[k].derives
                break
            }
            k -= 1
        }
        guard var current = value else { return (.null, false) }
        for k in path.dropFirst() {
            guard let next = member(of: current, program.names[k], derives: derives) else { return (.null, false) }
            current = next
        }
        return (current, derives)
    }

    /// `value.member(key)`, or in a deriving frame the member worked out when the object lacks it.
    @inline(__always)
    private func member(of value: TemplateValue, _ key: TemplateKey, derives: Bool) -> TemplateValue? {
        if let found = value.member(key) { return found }
        guard derives, let derivations, case .object(let object) = value else { return nil }
        return derivations.value(key, in: object)
    }

    private mutating func append(_ value: TemplateValue, escaped: Bool, into out: inout ByteBuffer) {
        switch value {
        case .null, .array, .object: break
        case .bool(let b): out.append(utf8: b ? "true" : "false")
        case .int(let i): out.append(utf8: String(i))
        case .double(let d): out.append(utf8: d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d))
        case .html(let html):
            if escaped { HTMLEscape.append(html, to: &out) } else { out.append(utf8: html) }
        case .htmlBytes(let bytes):
            if escaped { HTMLEscape.append(String(decoding: bytes, as: UTF8.self), to: &out) } else { out.append(bytes) }
        case .finishedHTML(let bytes):
            // Escaped (a theme's `{{table}}`), its markup shows as text, as any markup would, and
            // is not reported: the page's passes read it like the rest of the text.
            if escaped { HTMLEscape.append(String(decoding: bytes, as: UTF8.self), to: &out) } else {
                let start = out.count
                out.append(bytes)
                if !bytes.isEmpty { finished.append(start..<out.count) }
            }
        case .string(let s):
            if escaped || set.strictHTML { HTMLEscape.append(s, to: &out) } else { out.append(utf8: s) }
        }
    }
}
