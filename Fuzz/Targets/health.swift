// libFuzzer target: the Apple Health importer (prolog filter, libxml2 SAX2 push parser, record
// mapping) on arbitrary bytes given as export.xml.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHealth(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = SourceFile.memory("export.xml", bytes)
    _ = AppleHealthImporter.recognises(file)
    _ = AppleHealthImporter.importer.read([file], ImportContext())
    return 0
}
