/// An independent check that no direction control reaches past the element (or attribute value)
/// it appears in: a simple tokenizer of Waymark's and cmark's well-formed markup, counting what
/// is open as UAX #9 does. Returns a description of the first leak, nil when there is none.
enum DirectionCheck {
    static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

    /// What a run of text leaves open (embedding 0, isolate 1), and whether a closer found nothing.
    static func count(_ text: Substring.UnicodeScalarView, open: inout [Int]) -> Bool {
        var stray = false
        for s in text {
            switch s.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append(0)
            case 0x2066, 0x2067, 0x2068: open.append(1)
            case 0x202C: if open.last == 0 { open.removeLast() } else { stray = true }
            case 0x2069: if let i = open.lastIndex(of: 1) { open.removeSubrange(i...) } else { stray = true }
            default: break
            }
        }
        return stray
    }

    static func leak(inText text: String) -> String? {
        var open: [Int] = []
        if count(Substring(text).unicodeScalars, open: &open) { return "a closer with nothing open" }
        return open.isEmpty ? nil : "\(open.count) control(s) open"
    }

    static func leak(inMarkup html: String) -> String? {
        guard html.unicodeScalars.contains(where: { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }) else { return nil }
        var stack: [(name: String, open: [Int])] = [("document", [])]
        var rest = Substring(html)
        while !rest.isEmpty {
            guard let lt = rest.firstIndex(of: "<") else {
                return count(rest.unicodeScalars, open: &stack[stack.count - 1].open) ? "text: a closer with nothing open" : nil
            }
            if count(rest[..<lt].unicodeScalars, open: &stack[stack.count - 1].open) { return "<\(stack[stack.count - 1].name)>: a closer with nothing open" }
            guard let gt = rest[lt...].firstIndex(of: ">") else { return "a tag never ends" }
            let tag = rest[rest.index(after: lt)..<gt]
            rest = rest[rest.index(after: gt)...]
            if tag.hasPrefix("!") || tag.hasPrefix("?") { continue }
            if tag.hasPrefix("/") {
                let top = stack.removeLast()
                if !top.open.isEmpty { return "<\(top.name)> ends with \(top.open.count) control open" }
                if stack.isEmpty { return "an end tag closes nothing" }
                continue
            }
            let name = String(tag.prefix { $0.isLetter || $0.isNumber }).lowercased()
            for (i, part) in tag.split(separator: "\"", omittingEmptySubsequences: false).enumerated() where i % 2 == 1 {
                var open: [Int] = []
                if count(part.unicodeScalars, open: &open) || !open.isEmpty { return "an attribute of <\(name)> ends with \(open.count) control open" }
            }
            if !tag.hasSuffix("/") && !void.contains(name) { stack.append((name, [])) }
        }
        if let top = stack.last, !top.open.isEmpty { return "the \(top.name) ends with controls open" }
        return nil
    }
}
