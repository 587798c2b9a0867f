/// Apple Health's export: `export.zip` as the Health app shares it, holding
/// `apple_health_export/export.xml`, or that `export.xml` alone. Weighings, body fat readings
/// and height are read, and the activity: steps, distance, flights, active energy, exercise and
/// stand, mindful minutes, sleep, workouts and the activity rings' goals; everything else in it
/// is counted and left.
///
/// Real exports are 1 to 4 GB of XML: the file is streamed a megabyte at a time through
/// `HealthXMLPrologFilter` into `HealthXMLScanner` (or, for XML it leaves, libxml2's push parser,
/// `HealthXMLParser`), never held whole.
public enum AppleHealthImporter {
    public static let name = "Apple Health (export.zip or export.xml)"
    /// Bytes read between two calls of the progress callback.
    static let progressStep: Int64 = 4 << 20
    static let chunkSize = 1 << 20

    public static let importer = SourceImporter(
        id: "apple-health", name: name,
        howToExport: "in the Health app, tap your picture (top right) → Export All Health Data, and share export.zip",
        claim: { claim($0) }, read: { read($0, $1) },
        // The files beside an export are only counted; the export itself is streamed.
        mayRead: { _ in false },
        streamed: SourceImporter.Streamed(recognises: { recognises($0) }, read: { readInOnePass($0, $1) }, complete: { complete($0, $1) }))

    static let otherRecordsReason = "records of other types (heart rate, basal energy, stand minutes, …)"
    static let otherFilesReason = "files of the export Waymark does not read (export_cda.xml, workout routes, electrocardiograms)"

    /// Whether `file` is an Apple Health `export.xml`, by its first bytes: the root element (or
    /// the DOCTYPE) is `HealthData`. The DOCTYPE of recent exports is longer than the 4 KiB
    /// head, so a file named `export.xml` whose head is an XML declaration and that DOCTYPE counts
    /// too. `export_cda.xml` (a `<ClinicalDocument>`) is not one.
    public static func recognises(_ file: SourceFile) -> Bool {
        let text = file.headText
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), text[first] == "<" else { return false }
        let head = text[first...]
        if let root = rootName(String(head)) { return root == "HealthData" }
        return file.lowercasedName == "export.xml" && head.hasPrefix("<?xml") && head.contains("<!DOCTYPE HealthData")
    }

    /// The name of the DOCTYPE or of the first element, when the head reaches it.
    static func rootName(_ text: String) -> String? {
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: { $0.isWhitespace })
            if rest.hasPrefix("<?") {
                guard let end = rest.range(of: "?>") else { return nil }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!--") {
                guard let end = rest.range(of: "-->") else { return nil }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!DOCTYPE") {
                let name = rest.dropFirst(9).drop(while: { $0.isWhitespace }).prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" || $0 == "-" || $0 == "." })
                return name.isEmpty ? nil : String(name)
            } else if rest.hasPrefix("<") {
                let name = rest.dropFirst().prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" || $0 == "-" || $0 == "." })
                // The head may end inside the name.
                return name.count == rest.count - 1 ? nil : String(name)
            } else {
                return nil
            }
        }
    }

    /// Each export with the files Apple puts beside it (`export_cda.xml`, `workout-routes/*.gpx`,
    /// `electrocardiograms/*.csv`), which are claimed so that they are not reported as unknown,
    /// and only counted.
    static func claim(_ files: [SourceFile]) -> [[SourceFile]] {
        let exports = files.filter(recognises)
        let exportPaths = Set(exports.map(\.path))
        var taken: Set<String> = []
        return exports.map { export in
            let folder = export.folders.joined(separator: "/")
            let prefix = folder.isEmpty ? "" : folder + "/"
            let companions = files.filter { file in
                guard !exportPaths.contains(file.path), !taken.contains(file.path), file.relative.hasPrefix(prefix) else { return false }
                let inside = file.relative.dropFirst(prefix.count)
                let name = file.lowercasedName
                return inside == "export_cda.xml"
                    || (inside.hasPrefix("workout-routes/") && name.hasSuffix(".gpx"))
                    || (inside.hasPrefix("electrocardiograms/") && name.hasSuffix(".csv"))
            }
            taken.formUnion(companions.map(\.path))
            return [export] + companions
        }
    }

    static func read(_ files: [SourceFile], _ context: ImportContext) -> SourcePart {
        guard let file = files.first else { return SourcePart(kind: name, files: []) }
        return complete(read(file, context), files)
    }

    /// The part of a unit from the part of its export: the files beside it are counted.
    static func complete(_ export: SourcePart, _ files: [SourceFile]) -> SourcePart {
        var part = export
        if files.count > 1 { part.drop(otherFilesReason, count: files.count - 1) }
        return part
    }

    /// Reads one `export.xml`: with `HealthXMLScanner`, or with libxml2 when the file holds XML
    /// the scanner leaves to it (or is broken, which libxml2 then says where).
    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var gaveUp: String?
        if let part = read(file, context, scanner: true, gaveUp: &gaveUp) { return part }
        var part = read(file, context, scanner: false, gaveUp: &gaveUp) ?? SourcePart(kind: name, files: [file.path])
        if let gaveUp { part.remarks.append("read by libxml2, not the faster reader, which does not read \(gaveUp)") }
        return part
    }

    /// Reads `file` as it streams by (a `.tar.gz` being listed), which can be done once: with
    /// `HealthXMLScanner` only. Nil when the scanner gives up: libxml2 then reads the file again
    /// from its start, after the listing (`read(_:_:)`).
    static func readInOnePass(_ file: SourceFile, _ context: ImportContext) -> SourcePart? {
        var gaveUp: String?
        return read(file, context, scanner: true, gaveUp: &gaveUp)
    }

    /// One reading of `file`; nil when the scanner gave up (never with libxml2), and why.
    static func read(_ file: SourceFile, _ context: ImportContext, scanner useScanner: Bool, gaveUp: inout String?) -> SourcePart? {
        var part = SourcePart(kind: name, files: [file.path])
        let collector = HealthRecordCollector(file: file.path, zone: context.zone)
        let parser = HealthXMLParser(handler: collector, name: file.path)
        let scanner = HealthXMLScanner(handler: collector)
        var filter = HealthXMLPrologFilter()
        var readError: SourceError?
        do throws(SourceError) {
            let stream = try file.open()
            defer { stream.close() }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            var nextProgress = progressStep
            while true {
                let n = try stream.fill(buffer)
                let last = n < buffer.count
                try filter.feed(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<n]), last: last) { bytes in
                    if useScanner { scanner.push(bytes) } else { parser.push(bytes) }
                }
                if useScanner, let why = scanner.unsupported {
                    gaveUp = why
                    return nil
                }
                if stream.position >= nextProgress {
                    context.progress(file.path, stream.position, file.size)
                    nextProgress = stream.position + progressStep
                }
                if last || parser.failure != nil || collector.wrongRoot != nil { break }
            }
            if collector.wrongRoot == nil {
                if useScanner {
                    guard scanner.finish() else {
                        gaveUp = scanner.unsupported
                        return nil
                    }
                } else if parser.failure == nil {
                    parser.finish()
                }
            }
        } catch {
            // A file that cannot be read is said once, by the reading libxml2 makes of it.
            if useScanner {
                gaveUp = "a file it could not read to the end (\(error.message))"
                return nil
            }
            readError = error
        }

        let export = collector
        part.export.weights = export.weights
        part.export.bodyFat = export.bodyFat
        part.export.profile.heightCm = export.height?.cm
        part.export.profile.exportedAt = export.exportedAt
        part.diagnostics = export.diagnostics
        export.activity.fill(&part)
        if export.unreported > 0 {
            var d = Diagnostic.error(file.path, .file, "\(export.unreported) more records with problems like those above were dropped")
            d.dropsRecord = true
            part.diagnostics.append(d)
        }
        if let root = export.wrongRoot {
            part.diagnostics.append(.error(file.path, .file, "is not an Apple Health export: its root element is <\(Diagnostic.shorten(root))>, not <HealthData>"))
        } else if let failure = parser.failure {
            // libxml2 reports an element started before its `>` is found: a tag cut short gave a
            // record's problem (a value cut off) beside the break itself, which says it all. A
            // record says at most one problem, and the cut one was read last.
            if failure.message.hasPrefix("Couldn't find end of Start Tag"),
               let cut = part.diagnostics.lastIndex(where: { $0.severity == .error && $0.location == .line(failure.line) }) {
                part.diagnostics.remove(at: cut)
            }
            // Records before the break are kept; with --skip-invalid the import goes on with them.
            var d: Diagnostic
            if parser.depth > 0 && failure.message.hasPrefix("Extra content at the end of the document") {
                // What libxml2's push parser says of a document whose root is still open at the
                // end of the input: nothing follows, the file stops.
                d = Diagnostic.error(file.path, .line(failure.line), "the file ends here, inside <HealthData>: it was cut short (a copy or "
                                     + "download that did not finish?); the records before were read")
            } else {
                d = Diagnostic.error(file.path, .line(failure.line), "the XML is broken here (\(Diagnostic.shorten(failure.message, limit: 200))); "
                                     + "what follows was not read")
            }
            d.dropsRecord = parser.depth > 0 || export.otherRecords > 0 || !export.weights.isEmpty
            part.diagnostics.append(d)
        }
        for error in parser.errors {
            part.diagnostics.append(.warning(file.path, .line(error.line), Diagnostic.shorten(error.message, limit: 200)))
        }
        if let readError {
            part.diagnostics.append(.error(file.path, .file, readError.message, category: readError.category))
        }
        if export.otherRecords > 0 { part.drop(otherRecordsReason, count: export.otherRecords) }
        if export.duplicateWeighings > 0 {
            part.drop("weighings written twice (same time and weight, from two apps)", count: export.duplicateWeighings)
        }
        if export.duplicateBodyFat > 0 {
            part.drop("body fat readings written twice (same time and value, from two apps)", count: export.duplicateBodyFat)
        }
        for (unit, count) in export.convertedUnits.sorted(by: { $0.key < $1.key }) {
            let factor = HealthUnit.kilograms(per: unit).map { "\($0)" } ?? "?"
            part.remarks.append("\(count) weighing\(count == 1 ? "" : "s") written in \(HealthUnit.name(unit)) converted to kilograms (× \(factor))")
        }
        if export.bodyFatAsPercent > 0 {
            part.remarks.append("\(export.bodyFatAsPercent) body fat reading\(export.bodyFatAsPercent == 1 ? "" : "s") written as a percentage (above 1) instead of Apple's fraction; read as percent")
        }
        if let height = export.height, export.heightReadings > 1 {
            let cm = Int(exactly: height.cm).map(String.init) ?? "\(height.cm)"
            part.remarks.append("height \(cm) cm: the latest of \(export.heightReadings) readings (\(Moment.instant(height.instant).localDate(in: .utc)))")
        }
        if filter.replaced > 0 {
            part.remarks.append("\(filter.replaced) control character\(filter.replaced == 1 ? "" : "s") that XML does not allow (such as U+000B, which iOS 16 writes) read as spaces")
        }
        return part
    }
}
