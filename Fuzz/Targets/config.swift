// libFuzzer target: waymark.json. The JSONC comment blanker and the config reader on any bytes:
// never a crash, offsets kept, and every problem placed on a line and column inside the file.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let blanked = try? JSONCText.blankingComments(bytes) {
        if blanked.count != bytes.count { fatalError("blanking changed the length") }
        for (a, b) in zip(bytes, blanked) where a == 0x0A && b != 0x0A { fatalError("blanking removed a line break") }
    }
    let outcome = SiteConfigReader(file: "waymark.json").read(bytes)
    let lines = bytes.filter { $0 == 0x0A }.count + 1
    for problem in outcome.problems {
        guard case .lineColumn(let line, let column) = problem.location, line >= 1, line <= lines, column >= 1 else {
            fatalError("a problem without a place in the file: \(problem)")
        }
    }
    return 0
}
