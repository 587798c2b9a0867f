/// Decodes a JSON records file (a bare array or the app's envelope) one record at a time.
enum RecordsDecoder {
    static func decode<T>(_ bytes: [UInt8], file: String, zone: Zone, idKey: String? = nil,
                          diagnostics: inout [Diagnostic],
                          _ decodeRecord: (inout RecordReader) -> T?) -> ([T], ImportResult.FileSummary) {
        var items: [T] = []
        var invalid = 0
        var local: [Diagnostic] = []
        var summary: ImportResult.FileSummary { ImportResult.FileSummary(file: file, records: items.count, invalid: invalid) }

        let text: SourceText
        do {
            text = try SourceText(checking: bytes)
        } catch {
            diagnostics.append(.error(file, .lineColumn(line: error.line, column: error.column), error.message))
            return ([], summary)
        }
        if text.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            diagnostics.append(.error(file, .file, "the file is empty; expected a JSON array of records"))
            return ([], summary)
        }

        var seenIDs: [String: Int] = [:]
        let layout: JSONParser.RecordsLayout
        do {
            layout = try JSONParser.parseRecords(text.bytes) { index, value, inEnvelope in
                guard case .object(let object) = value else {
                    invalid += 1
                    var d = Diagnostic.error(file, .jsonPath(RecordReader(JSONObject(), file: file, location: .element(index, inEnvelope: inEnvelope), zone: zone).path),
                                             "expected a record object (got \(value.quoted))")
                    d.dropsRecord = true
                    local.append(d)
                    return
                }
                var reader = RecordReader(object, file: file, location: .element(index, inEnvelope: inEnvelope), zone: zone)
                let item = decodeRecord(&reader)
                if let item, reader.problems.isEmpty {
                    items.append(item)
                } else {
                    invalid += 1
                    for var problem in reader.problems {
                        problem.dropsRecord = true
                        local.append(problem)
                    }
                }
                if let idKey, let id = reader.string(idKey), !id.isEmpty {
                    if let first = seenIDs[id] {
                        let firstPath = RecordReader(JSONObject(), file: file, location: .element(first, inEnvelope: inEnvelope), zone: zone).path
                        local.append(.warning(file, .jsonPath(reader.path.appending(idKey)),
                                              "duplicate id \"\(Diagnostic.shorten(id))\" (first at \(firstPath)); both records are kept"))
                    } else {
                        seenIDs[id] = index
                    }
                }
            }
        } catch {
            let (line, column) = SourceText.lineColumn(of: error.offset, in: text.bytes)
            diagnostics.append(.error(file, .lineColumn(line: line, column: column), error.message))
            return ([], ImportResult.FileSummary(file: file, records: 0, invalid: 0))
        }

        switch layout {
        case .array:
            break
        case .envelope(let envelope, let hasData):
            if isFalse(envelope["ok"]) {
                var message = "the app reported a failure instead of data"
                if case .string(let m)? = envelope["message"] { message += ": \"\(Diagnostic.shorten(m))\"" }
                if let code = envelope["code"], code != .null { message += " (code \(code.quoted))" }
                diagnostics.append(.error(file, .jsonPath(JSONPath(["ok"])), message))
                return ([], ImportResult.FileSummary(file: file, records: 0, invalid: 0))
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
            }
        case .other(let value):
            diagnostics.append(.error(file, .jsonPath(JSONPath()), "expected an array of records (got \(value.kindDescription))"))
        }
        diagnostics += local
        return (items, summary)
    }

    private static func isFalse(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(false)?: return true
        case .string(let s)?, .number(let s)?: return s == "false" || s == "0"
        default: return false
        }
    }
}
