import Foundation
import Synchronization

/// Decodes a JSON records file (a bare array or the app's envelope).
///
/// Large files are decoded in parallel when given more than one core: a structural pass finds
/// where each record starts, then chunks of records are parsed and decoded on those cores and
/// merged in file order. Whenever
/// parsing fails, the sequential parser runs over the file so that the message is exactly the
/// one a front-to-back read gives.
enum RecordsDecoder {
    /// Records per chunk below which threads cost more than they save.
    static let recordsPerChunk = 5_000
    /// Chunks per core: more chunks than cores, so that a core that was busy with something else
    /// (notes, the other files) when decoding began still gets its share instead of leaving the
    /// last chunk to one core while the other waits.
    static let chunksPerCore = 4
    /// Records per partition of the duplicate-id search (each partition reads every id twice: to count its buckets, then to fill them).
    static let recordsPerPartition = 20_000

    /// A fast path for one record: makes the value in the slot given and returns where its id
    /// lies in the file (`.some(nil)` for none), or returns nil, the slot left as it was, to use
    /// the general decoder.
    typealias FastPath<T> = @Sendable (inout FastRecordDecoder, Zone, Int, UnsafeMutablePointer<T>) -> Range<Int>??

    static func decode<T: Sendable>(_ bytes: [UInt8], file: String, zone: Zone, idKey: String? = nil,
                                    diagnostics: inout [Diagnostic], parallelism: Parallelism = .serial, fast: FastPath<T>? = nil,
                                    _ decodeRecord: @escaping @Sendable (inout RecordReader) -> T?) -> ([T], ImportResult.FileSummary) {
        let empty = ImportResult.FileSummary(file: file, records: 0, invalid: 0)
        let text: SourceText
        do {
            text = try SourceText(checking: bytes, parallelism: parallelism)
        } catch {
            diagnostics.append(.error(file, .lineColumn(line: error.line, column: error.column), error.message))
            return ([], empty)
        }
        if text.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            diagnostics.append(.error(file, .file, "the file is empty; expected a JSON array of records"))
            return ([], empty)
        }
        guard let (layout, starts) = try? JSONParser.locateRecords(text.bytes, parallelism: parallelism) else {
            diagnostics.append(syntaxError(text, file))
            return ([], empty)
        }

        var inEnvelope = false
        switch layout {
        case .array:
            break
        case .envelope(let envelope, let hasData):
            inEnvelope = true
            if isFalse(envelope["ok"]) {
                var message = "the app reported a failure instead of data"
                if case .string(let m)? = envelope["message"] { message += ": \"\(Diagnostic.shorten(m))\"" }
                if let code = envelope["code"], code != .null { message += " (code \(code.quoted))" }
                diagnostics.append(.error(file, .jsonPath(JSONPath(["ok"])), message))
                return ([], empty)
            }
            if !hasData {
                switch envelope["data"] {
                case .none:
                    diagnostics.append(.error(file, .jsonPath(JSONPath()),
                        "expected an array of records, or the app's envelope {\"code\": …, \"data\": [ … ], \"ok\": true}"))
                case .some(.null):
                    break  // the server's way of saying "no records"
                case .some(let other):
                    diagnostics.append(.error(file, .jsonPath(JSONPath(["data"])), "expected an array of records (got \(other.kindDescription))"))
                }
                return ([], empty)
            }
        case .other(let value):
            diagnostics.append(.error(file, .jsonPath(JSONPath()), "expected an array of records (got \(value.kindDescription))"))
            return ([], empty)
        }

        // Every chunk decodes straight into its part of the final array; the few records that
        // fail leave a gap at the end of their chunk's part, closed afterwards by moving the later
        // records down (a move, so no record is copied and no string retained or released).
        let chunks = parallelism.isSerial ? 1 : max(1, min(chunksPerCore * parallelism.cores, starts.count / recordsPerChunk))
        let results = Mutex<[Chunk?]>(Array(repeating: nil, count: chunks))
        let source = text.bytes
        let envelope = inEnvelope
        let ranges = (0..<chunks).map { c in (starts.count * c / chunks)..<(starts.count * (c + 1) / chunks) }
        var done: [Chunk?] = []
        let items = [T](unsafeUninitializedCapacity: starts.count) { buffer, initialized in
            if let base = buffer.baseAddress { HugePages.advise(base, bytes: buffer.count * MemoryLayout<T>.stride) }
            let slots = Slots(base: buffer.baseAddress)
            parallelism.perform(chunks) { c in
                let range = ranges[c]
                let chunk = source.withUnsafeBufferPointer { bytes in
                    decodeChunk(bytes, starts: starts, range: range, into: slots.base.map { $0 + range.lowerBound },
                                file: file, zone: zone, idKey: idKey, inEnvelope: envelope, fast: fast, decodeRecord)
                }
                results.withLock { $0[c] = chunk }
            }
            done = results.withLock { $0 }
            var filled = 0
            for (c, chunk) in done.enumerated() {
                let count = chunk?.count ?? 0
                if let base = buffer.baseAddress, count > 0, ranges[c].lowerBound != filled {
                    (base + filled).moveInitialize(from: base + ranges[c].lowerBound, count: count)
                }
                filled += count
            }
            initialized = filled
        }
        if done.contains(where: { $0?.failed != false }) {
            diagnostics.append(syntaxError(text, file))
            return ([], empty)
        }

        // Duplicate ids, across chunks; warnings come out in file order.
        let finished = done.compactMap { $0 }
        let partitions = idKey == nil ? 0 : max(1, min(parallelism.cores, starts.count / recordsPerPartition))
        let found = DuplicateIDSearch.hits(finished.map(\.ids), partitions: partitions, in: source, parallelism: parallelism)
            .sorted { $0.index < $1.index }

        var invalid = 0
        for chunk in finished {
            invalid += chunk.invalid
            diagnostics += chunk.problems
        }
        for hit in found {
            diagnostics.append(.warning(file, .jsonPath(path(hit.index, inEnvelope).appending(idKey ?? "id")),
                                        "duplicate id \"\(Diagnostic.shorten(hit.id))\" (first at \(path(hit.first, inEnvelope))); both records are kept"))
        }
        return (items, ImportResult.FileSummary(file: file, records: items.count, invalid: invalid))
    }

    /// Where the records of a chunk go: the final array's storage, shared by the chunks, each
    /// writing only its own part.
    private struct Slots<T>: @unchecked Sendable {
        var base: UnsafeMutablePointer<T>?
    }

    /// What decoding one chunk found besides its records.
    struct Chunk: Sendable {
        /// Records decoded, at the start of the chunk's part of the array.
        var count = 0
        var problems: [Diagnostic] = []
        var invalid = 0
        var ids: [(index: Int, id: RecordID, hash: UInt64)] = []
        var failed = false
    }

    /// Decodes the records `range` into `slots` (room for `range.count`), returning how many.
    private static func decodeChunk<T: Sendable>(_ buffer: UnsafeBufferPointer<UInt8>, starts: [Int], range: Range<Int>,
                                                 into slots: UnsafeMutablePointer<T>?, file: String,
                                                 zone: Zone, idKey: String?, inEnvelope: Bool, fast: FastPath<T>?,
                                                 _ decodeRecord: (inout RecordReader) -> T?) -> Chunk {
        var chunk = Chunk()
        guard let slots else { return chunk }
        if idKey != nil { chunk.ids.reserveCapacity(range.count) }
        // Records of a bare array are at nesting level 2, in an envelope at level 3.
        let level = inEnvelope ? 3 : 2
        var decoder = FastRecordDecoder(buffer, at: 0, interner: StringInterner())
        for index in range {
            if let fast {
                decoder.move(to: starts[index])
                if let id = fast(&decoder, zone, level, slots + chunk.count) {
                    chunk.count += 1
                    if idKey != nil, let id, !id.isEmpty {
                        let span = RecordID.span(id)
                        chunk.ids.append((index, span, span.hash(in: buffer)))
                    }
                    continue
                }
            }
            let value: JSONValue
            do {
                value = try JSONParser.parseRecord(in: buffer, at: starts[index], inEnvelope: inEnvelope)
            } catch {
                chunk.failed = true
                return chunk
            }
            guard case .object(let object) = value else {
                chunk.invalid += 1
                var d = Diagnostic.error(file, .jsonPath(path(index, inEnvelope)), "expected a record object (got \(value.quoted))")
                d.dropsRecord = true
                chunk.problems.append(d)
                continue
            }
            var reader = RecordReader(object, file: file, location: .element(index, inEnvelope: inEnvelope), zone: zone)
            if let item = decodeRecord(&reader), reader.problems.isEmpty {
                (slots + chunk.count).initialize(to: item)
                chunk.count += 1
            } else {
                chunk.invalid += 1
                for var problem in reader.problems {
                    problem.dropsRecord = true
                    chunk.problems.append(problem)
                }
            }
            if let idKey, let id = object[idKey] {
                switch id {
                case .string(let s) where !s.isEmpty, .number(let s): chunk.ids.append((index, .text(s), FNV1a.hash(s.utf8)))
                default: break
                }
            }
        }
        return chunk
    }

    private static func path(_ index: Int, _ inEnvelope: Bool) -> JSONPath {
        inEnvelope ? JSONPath(["data", String(index)]) : JSONPath([String(index)])
    }

    /// The first syntax error of the file, from a front-to-back parse.
    private static func syntaxError(_ text: SourceText, _ file: String) -> Diagnostic {
        do {
            _ = try JSONParser.parseRecords(text.bytes) { _, _, _ in }
            return .error(file, .file, "the JSON could not be read")  // not reached: locate and parse agree
        } catch {
            let (line, column) = SourceText.lineColumn(of: error.offset, in: text.bytes)
            return .error(file, .lineColumn(line: line, column: column), error.message)
        }
    }

    private static func isFalse(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(false)?: return true
        case .string(let s)?, .number(let s)?: return s == "false" || s == "0"
        default: return false
        }
    }
}
