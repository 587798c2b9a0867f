// libFuzzer target: HealthXMLScanner, the fast reader of export.xml, against libxml2 on
// arbitrary bytes. Fed in two chunks cut where the input's first byte says, the scanner must
// either give up (the file is then libxml2's) or report exactly the elements, depths, lines and
// attribute values libxml2 reports; anything else traps. libxml2's SAX2 writes `&amp;` in a
// value as `&#38;`: read back before comparing.
import Foundation

final class HealthScanRecorder: HealthXMLHandler {
    var events: [String] = []
    static let names: [StaticString] = ["type", "value", "unit", "sourceName", "startDate", "endDate", "device", "key"]

    func startElement(_ name: UnsafeRawBufferPointer, depth: Int, attributes: HealthXMLAttributes, line: Int) {
        let values = Self.names.compactMap { n in attributes.string(n).map { "\(n)=\($0)" } }
        events.append("\(line) \(depth) \(String(decoding: name, as: UTF8.self)) " + values.joined(separator: " "))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHealthScan(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = size == 0 ? 0 : Int(bytes[0]) % (size + 1)

    let scanned = HealthScanRecorder()
    let scanner = HealthXMLScanner(handler: scanned)
    var filter = HealthXMLPrologFilter()
    var copy = bytes
    copy.withUnsafeMutableBytes { all in
        try? filter.feed(UnsafeMutableRawBufferPointer(rebasing: all[0..<cut]), last: cut == size) { scanner.push($0) }
        if cut < size { try? filter.feed(UnsafeMutableRawBufferPointer(rebasing: all[cut...]), last: true) { scanner.push($0) } }
    }
    scanner.finish()
    guard scanner.unsupported == nil else { return 0 }

    let parsed = HealthScanRecorder()
    let parser = HealthXMLParser(handler: parsed, name: "export.xml")
    var plainFilter = HealthXMLPrologFilter()
    var again = bytes
    again.withUnsafeMutableBytes { all in try? plainFilter.feed(all, last: true) { parser.push($0) } }
    parser.finish()
    let reference = parsed.events.map { $0.replacing("&#38;", with: "&") }
    if parser.failure != nil || !parser.errors.isEmpty || scanned.events != reference {
        print("scanner:", scanned.events.prefix(5), "\nlibxml2:", reference.prefix(5), parser.failure.map { "\($0)" } ?? "")
        fatalError("the scanner read what libxml2 reads differently")
    }
    return 0
}
