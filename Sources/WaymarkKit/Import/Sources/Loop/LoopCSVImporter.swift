/// Loop Habit Tracker's CSV export (`Loop Habits CSV <date>.zip`, or the folder it unzips to),
/// read as one unit: `Habits.csv` (found by its header, whatever its name), the summaries
/// `Checkmarks.csv` and `Scores.csv` beside it, and one folder per habit, `001 Meditate/` with
/// its own `Checkmarks.csv` and `Scores.csv`.
///
/// The per-habit `Checkmarks.csv` files are read first: the summary beside Habits.csv repeats
/// them without notes (and its header does not quote habit names with commas); it is read for
/// habits without a folder (`LoopSummaryCSV`), as in an export of the top-level files alone.
/// Scores are Loop's own computation, which Waymark does itself.
enum LoopCSVImporter {
    static let name = "Loop Habit Tracker (CSV export)"
    /// The most a single CSV file of the export may weigh.
    static let maxFileSize = 64 << 20

    static let importer = SourceImporter(
        id: "loop-csv", name: name,
        howToExport: "in Loop, Settings → Export as CSV (a zip of Habits.csv and one folder per habit)",
        claim: claim, read: { files, _ in read(files) },
        mayRead: { isHabitsList($0) || isExportFileName($0) })

    /// One unit per Habits.csv: it first, then the files of the export around it.
    static func claim(_ files: [SourceFile]) -> [[SourceFile]] {
        let lists = files.filter(isHabitsList)
        guard !lists.isEmpty else { return [] }
        // The files by the folder they are in and by the folder above that, so that finding an
        // export's files does not look at every file once per Habits.csv.
        var byFolder: [[String]: [SourceFile]] = [:]
        var byParentFolder: [[String]: [SourceFile]] = [:]
        for file in files where isExportFileName(file) {
            let folders = file.folders
            byFolder[folders, default: []].append(file)
            if let last = folders.last, habitNumber(last) != nil { byParentFolder[Array(folders.dropLast()), default: []].append(file) }
        }
        var units: [[SourceFile]] = []
        var taken = Set<String>()
        for habits in lists where !taken.contains(habits.path) {
            let root = habits.folders
            let around = (byFolder[root] ?? []) + (byParentFolder[root] ?? [])
            let unit = [habits] + around.filter { $0.path != habits.path && !taken.contains($0.path) }
            taken.formUnion(unit.map(\.path))
            units.append(unit)
        }
        return units
    }

    /// A Habits.csv by its header: first a cheap look at the first bytes, then the header itself.
    static func isHabitsList(_ file: SourceFile) -> Bool {
        var head = file.head[...]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        if head.first == UInt8(ascii: "\"") { head = head.dropFirst() }
        guard head.prefix(8).map({ $0 | 0x20 }).elementsEqual("position".utf8) else { return false }
        return LoopHabitsCSV.isHeader(file.firstLine)
    }

    /// `Checkmarks.csv` or `Scores.csv`, the names of the export's files.
    static func isExportFileName(_ file: SourceFile) -> Bool {
        let name = file.lowercasedName
        return name == "checkmarks.csv" || name == "scores.csv"
    }

    /// The number of a habit's folder: `001 Meditate` is 1 (Loop writes the habit's position,
    /// `%03d`, then its name without unusual characters).
    static func habitNumber(_ folder: String) -> Int? {
        let digits = folder.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let rest = folder.dropFirst(digits.count)
        guard rest.isEmpty || rest.first == " " else { return nil }
        return Int(digits)
    }

    static func read(_ files: [SourceFile]) -> SourcePart {
        guard let habitsFile = files.first else { return SourcePart(kind: name, files: []) }
        var builder = LoopPartBuilder(kind: name, files: files.map(\.path))
        guard let habitRows = rows(of: habitsFile, diagnostics: &builder.part.diagnostics) else { return builder.finish() }
        var habits = LoopHabitsCSV.decode(habitRows, file: habitsFile.path, diagnostics: &builder.part.diagnostics)
        let listedCount = habits.count

        // Each habit's entries, by the number of its folder.
        let root = habitsFile.folders
        var entries: [Int: (file: SourceFile, entries: [LoopChecksCSV.Entry])] = [:]
        var folderNames: [Int: String] = [:]
        var summaries = 0
        var scores = 0
        var summary: SourceFile?
        for file in files.dropFirst() {
            let folders = file.folders
            if folders == root {
                if file.lowercasedName == "checkmarks.csv" { summary = file } else { summaries += 1 }
                continue
            }
            if file.lowercasedName == "scores.csv" {
                scores += 1
                continue
            }
            guard let folder = folders.last, let number = habitNumber(folder) else { continue }
            guard entries[number] == nil else {
                builder.part.diagnostics.append(.warning(file.path, .file, "a second folder numbered \(number); not read"))
                continue
            }
            guard let rows = rows(of: file, diagnostics: &builder.part.diagnostics) else { continue }
            entries[number] = (file, LoopChecksCSV.decode(rows, file: file.path, diagnostics: &builder.part.diagnostics))
            folderNames[number] = String(folder.drop(while: { $0.isASCII && $0.isNumber }).dropFirst())
        }

        // A folder without its row in Habits.csv (an edited export): read under the folder's name.
        let known = Set(habits.map(\.position))
        for number in entries.keys.sorted() where !known.contains(number) {
            let folderName = folderNames[number].flatMap { $0.isEmpty ? nil : $0 } ?? "Habit \(number)"
            if let file = entries[number]?.file {
                builder.part.diagnostics.append(.warning(file.path, .file,
                    "Habits.csv has no habit numbered \(number); read as habit “\(Diagnostic.shorten(folderName))”"))
            }
            let tag = Tag(name: folderName, habit: HabitDetails(source: LoopPartBuilder.source))
            habits.append(LoopHabitsCSV.Habit(position: number, tag: tag, numerical: nil))
        }

        // Habits without a folder of their own: their entries from the Checkmarks.csv beside
        // Habits.csv, when it has them (an export of the top-level files only).
        var fromSummary: [Int: [LoopChecksCSV.Entry]] = [:]
        var summaryRead = false
        if let summary {
            // The rows of Habits.csv, in its order (the folder-only habits added above are not in it).
            let listed = Array(habits.prefix(listedCount))
            if listed.contains(where: { entries[$0.position] == nil }), let rows = rows(of: summary, diagnostics: &builder.part.diagnostics) {
                let byIndex = LoopSummaryCSV.decode(rows, habits: listed, file: summary.path, diagnostics: &builder.part.diagnostics)
                for (i, habit) in listed.enumerated() where entries[habit.position] == nil {
                    fromSummary[habit.position] = byIndex[i] ?? []
                }
                summaryRead = !byIndex.isEmpty
            } else {
                summaries += 1
            }
        }

        var unread = 0
        for habit in habits {
            var found = entries.removeValue(forKey: habit.position)
            if found == nil, let summary, let list = fromSummary[habit.position] { found = (summary, list) }
            guard var tag = habit.tag else {
                if let found { builder.part.drop(LoopDBReader.unreadHabit, count: found.entries.count) }
                continue
            }
            let list = found?.entries ?? []
            if found == nil { unread += 1 }
            var numerical = habit.numerical ?? false
            if habit.numerical == nil, LoopEntry.looksNumerical(list.map(\.value)) {
                // The legacy export does not say which habits count amounts; their values do.
                numerical = true
                tag.habit?.unit = ""
                builder.part.remarks.append("“\(Diagnostic.shorten(tag.name ?? ""))” read as a numerical habit (values are amounts × 1000): this export does not say")
            }
            let habitName = builder.add(tag)
            for entry in list.sorted(by: { $0.day < $1.day }) {
                if !builder.add(value: entry.value, habit: habitName, numerical: numerical, day: entry.day, note: entry.note), let file = found?.file {
                    var d = Diagnostic.error(file.path, .lineColumn(line: entry.line, column: entry.column),
                        "\(entry.value) is not one of Loop's codes for a yes/no habit (2 done, 1 automatic, 0 not done, 3 skipped, -1 unknown)")
                    d.dropsRecord = true
                    builder.part.diagnostics.append(d)
                }
            }
        }
        if unread > 0 {
            builder.part.remarks.append("\(unread) habit\(unread == 1 ? " has" : "s have") no folder of entries (not chosen for the export)")
        }
        if summaryRead, let summary {
            let n = fromSummary.count
            builder.part.remarks.append("\(n) habit\(n == 1 ? "'s" : "s'") entries read from \(summary.name) beside Habits.csv (no folder of its own; that file has no notes)")
        }
        if summaries > 0 {
            builder.part.remarks.append(summaryRead ? "Scores.csv beside Habits.csv not read: Waymark computes habit strength itself"
                : "Checkmarks.csv and Scores.csv beside Habits.csv not read: the per-habit files hold the same entries, with notes")
        }
        if scores > 0 {
            builder.part.remarks.append("Scores.csv of \(scores) habit\(scores == 1 ? "" : "s") not read: Waymark computes habit strength itself")
        }
        return builder.finish()
    }

    /// The CSV rows of `file`, or nil (with an error) when it cannot be read as UTF-8 CSV.
    private static func rows(of file: SourceFile, diagnostics: inout [Diagnostic]) -> [[CSVReader.Field]]? {
        do {
            let text = try SourceText(checking: try file.readAll(limit: maxFileSize))
            return try CSVReader.parse(text.bytes)
        } catch let error as SourceError {
            diagnostics.append(.error(file.path, .file, error.message, category: error.category))
        } catch let error as SourceText.EncodingError {
            diagnostics.append(.error(file.path, .lineColumn(line: error.line, column: error.column), error.message))
        } catch let error as CSVReader.SyntaxError {
            diagnostics.append(.error(file.path, .lineColumn(line: error.line, column: error.column), error.message))
        } catch {
            diagnostics.append(.error(file.path, .file, "cannot be read: \(error)"))
        }
        return nil
    }
}
