/// Reads `notes/`: every `*.md` file directly inside is a note; every other file below it is an
/// asset (an image a note may show).
enum NotesReader {
    static let frontMatterKeys = ["title", "date", "target", "tag", "private"]
    static let maxDepth = 8

    static func read(state: inout ReadState, zone: Zone) -> ([Note], [String], ImportResult.FileSummary?) {
        let dir = "notes"
        switch state.fs.kind(state.path(dir)) {
        case .directory?: break
        case .symbolicLink?:
            guard state.staysInside(dir), let target = state.fs.canonicalPath(state.path(dir)), state.fs.kind(target) == .directory else {
                if !state.diagnostics.contains(where: { $0.file == dir }) {
                    state.diagnostics.append(.error(dir, .file, "is not a directory; notes/ must be a folder of .md files"))
                }
                return ([], [], nil)
            }
        default:
            state.diagnostics.append(.error(dir, .file, "is not a directory; notes/ must be a folder of .md files"))
            return ([], [], nil)
        }
        var notes: [Note] = []
        var assets: [String] = []
        var invalid = 0
        let names: [String]
        do {
            names = try state.fs.listDirectory(state.path(dir)).sorted()
        } catch {
            state.diagnostics.append(.error(dir, .file, "cannot list the notes folder: \(error.detail)", category: .missingInput))
            return ([], [], nil)
        }
        var markdown: [(name: String, kind: FileSystem.Kind?)] = []
        for name in names where !name.hasPrefix(".") {
            let relative = dir + "/" + name
            let lower = name.lowercased()
            let kind = state.fs.kind(state.path(relative))
            if kind == .directory || (kind == .symbolicLink && state.fs.canonicalPath(state.path(relative)).map { state.fs.kind($0) == .directory } == true) {
                collectAssets(relative, depth: 1, state: &state, into: &assets)
                continue
            }
            guard lower.hasSuffix(".md") || lower.hasSuffix(".markdown") else {
                if kind == .file || (kind == .symbolicLink && state.staysInside(relative)) { assets.append(relative) }
                continue
            }
            markdown.append((name, kind))
        }
        // Read and parse the notes on the cores the reading has; problems are reported in
        // file-name order.
        let base = state
        let read = state.parallelism.map(markdown) { name, kind -> (Note?, [Diagnostic]) in
            let relative = dir + "/" + name
            // A pure function of the note's bytes and the zone: kept across reads when the caller keeps them.
            return base.memo.value(base.fs, paths: [base.path(relative)], reading: "note \(zone.identifier)") { () -> (Note?, [Diagnostic]) in
                var local = base
                local.diagnostics = []
                // A plain file seen while listing is read without looking at it again.
                guard let bytes = local.load(relative, kind: kind == .file ? .file : nil), let text = local.text(relative, bytes) else { return (nil, local.diagnostics) }
                let note = parse(String(decoding: text.bytes, as: UTF8.self), fileName: name, file: relative, zone: zone,
                                 diagnostics: &local.diagnostics)
                return (note, local.diagnostics)
            }
        }
        for (note, problems) in read {
            state.diagnostics += problems
            if let note { notes.append(note) } else { invalid += 1 }
        }
        return (notes, assets, .init(file: "notes/", records: notes.count, invalid: invalid))
    }

    private static func collectAssets(_ relative: String, depth: Int, state: inout ReadState, into assets: inout [String]) {
        guard depth <= maxDepth, state.staysInside(relative),
              let names = try? state.fs.listDirectory(state.path(relative)).sorted() else { return }
        for name in names where !name.hasPrefix(".") {
            let child = relative + "/" + name
            switch state.fs.kind(state.path(child)) {
            case .file?: assets.append(child)
            case .directory?: collectAssets(child, depth: depth + 1, state: &state, into: &assets)
            case .symbolicLink?:
                if state.staysInside(child), let target = state.fs.canonicalPath(state.path(child)), state.fs.kind(target) == .file {
                    assets.append(child)
                }
            default: break
            }
        }
    }

    /// A note from its text; nil (with an error) when its front matter is broken.
    static func parse(_ text: String, fileName: String, file: String, zone: Zone, diagnostics: inout [Diagnostic]) -> Note? {
        let front: FrontMatter
        do {
            front = try FrontMatter.parse(text)
        } catch {
            var d = Diagnostic.error(file, .lineColumn(line: error.line, column: 1), error.message)
            d.dropsRecord = true
            diagnostics.append(d)
            return nil
        }
        var note = Note(fileName: fileName, body: front.body, bodyLine: front.bodyLine)
        var ok = true
        for field in front.fields {
            let value = field.value.trimmingWhitespace()
            switch field.key.lowercased() {
            case "title": note.title = value.isEmpty ? nil : value
            case "target": note.target = value.isEmpty ? nil : value
            case "tag": note.tag = value.isEmpty ? nil : value
            case "private":
                // Anything but a plain "false" or "no" keeps the note private: a typo must not publish it.
                switch value.lowercased() {
                case "true", "yes": note.isPrivate = true
                case "false", "no", "": break
                default:
                    note.isPrivate = true
                    diagnostics.append(.warning(file, .lineColumn(line: field.line, column: 1),
                                                "private: expected true or false (got \"\(Diagnostic.shorten(value))\"); the note is kept private"))
                }
            case "date":
                guard !value.isEmpty else { continue }
                if let parsed = DateTimeText.parse(value) {
                    note.date = parsed.moment(in: zone)
                } else {
                    var d = Diagnostic.error(file, .lineColumn(line: field.line, column: 1),
                                             "date: not a date-time (got \"\(Diagnostic.shorten(value))\")" + DateTimeText.spanNote(value))
                    d.dropsRecord = true
                    diagnostics.append(d)
                    ok = false
                }
            default:
                var message = "unknown front matter key \"\(Diagnostic.shorten(field.key))\" is ignored"
                if let guess = EditDistance.suggestion(for: field.key, among: frontMatterKeys) { message += "; did you mean \(guess)?" }
                diagnostics.append(.warning(file, .lineColumn(line: field.line, column: 1), message))
            }
        }
        return ok ? note : nil
    }
}
