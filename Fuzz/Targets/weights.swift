// libFuzzer target: the weight importers (Google Fit, Fitbit, Withings, openScale, Beeminder and
// the generic weights CSV). The input is offered to every importer's detection, then read by
// every one of them whether claimed or not, so each parser sees arbitrary bytes; diagnostics
// are printed to exercise their messages.
import Foundation

let weightsFuzzZone = Zone(identifier: "Europe/Paris") ?? .utc

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWeights(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The name only matters to detection (Fitbit's empty months, Beeminder's .bb hint).
    let file = SourceFile.memory(size % 2 == 0 ? "weight-2023-01-01.json" : "goal.bb", bytes)
    let context = ImportContext(zone: weightsFuzzZone, weightUnit: size % 3 == 0 ? .lb : nil)
    for importer in SourceImporters.all {
        _ = importer.claim([file])
        let part = importer.read([file], context)
        for d in part.diagnostics { _ = d.description }
        _ = RecordCounts(part.export)
    }
    return 0
}
