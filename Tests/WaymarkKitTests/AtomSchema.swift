import CXML2
import Foundation

/// Checks documents against RFC 4287's RELAX NG schema (`Fixtures/Atom/atom.rng`) with libxml2.
enum AtomSchema {
    /// The problems libxml2 finds: not well-formed XML, or not valid against the schema; empty
    /// when the document is a valid Atom feed.
    static func problems(_ bytes: [UInt8]) -> [String] {
        let sink = Problems()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let collect: xmlStructuredErrorFunc = { context, error in
            guard let context, let error else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            Unmanaged<Problems>.fromOpaque(context).takeUnretainedValue().add("line \(error.pointee.line): " + message)
        }
        let schemaPath = TestPaths.fixtures.appendingPathComponent("Atom/atom.rng").path
        guard let parser = xmlRelaxNGNewParserCtxt(schemaPath) else { return ["cannot read \(schemaPath)"] }
        defer { xmlRelaxNGFreeParserCtxt(parser) }
        xmlRelaxNGSetParserStructuredErrors(parser, collect, context)
        guard let schema = xmlRelaxNGParse(parser) else { return ["the schema does not parse"] + sink.all }
        defer { xmlRelaxNGFree(schema) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmlReadMemory($0, Int32(buffer.count), "feed.xml", "utf-8", options) }
            }
        }
        guard let document else {
            let last = xmlGetLastError().map { $0.pointee.message.map { String(cString: $0) } ?? "" } ?? ""
            return ["not well-formed XML: " + last.trimmingCharacters(in: .whitespacesAndNewlines)]
        }
        defer { xmlFreeDoc(document) }
        guard let validator = xmlRelaxNGNewValidCtxt(schema) else { return ["no validation context"] }
        defer { xmlRelaxNGFreeValidCtxt(validator) }
        xmlRelaxNGSetValidStructuredErrors(validator, collect, context)
        let result = xmlRelaxNGValidateDoc(validator, document)
        return result == 0 ? [] : sink.all.isEmpty ? ["invalid (code \(result))"] : sink.all
    }

    /// The messages the callbacks collect; one validation at a time uses it.
    final class Problems: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []
        func add(_ m: String) { lock.withLock { messages.append(m.trimmingCharacters(in: .whitespacesAndNewlines)) } }
        var all: [String] { lock.withLock { messages } }
    }
}
