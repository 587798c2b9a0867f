// libFuzzer target: the CSV reader and the weights.csv decoder.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? CSVReader.parse(bytes)
    var diagnostics: [Diagnostic] = []
    _ = WeightsCSVDecoder.decode(bytes, file: "weights.csv", zone: .utc, diagnostics: &diagnostics)
    return 0
}
