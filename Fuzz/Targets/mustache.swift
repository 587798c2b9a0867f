// libFuzzer target: the Mustache engine. The input is split at NUL bytes into a template and
// partials ("p0", "p1", …), parsed and rendered with fixed data in both missing-partial modes.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
    var sources: [String: String] = [:]
    for (i, part) in parts.prefix(4).enumerated() {
        sources[i == 0 ? "main" : "p\(i - 1)"] = String(decoding: part, as: UTF8.self)
    }
    let context: TemplateValue = ["a": "<b>", "list": [1, 2, ["x": "y"]], "t": ["k": "v"], "html": .html("<i>ok</i>"), "no": false]
    for mode in [TemplateSet.MissingPartial.empty, .error] {
        // A small work budget: inputs that expand themselves stop early instead of slowing the run.
        if let set = try? TemplateSet(sources, missingPartial: mode, strictHTML: mode == .error, maxSteps: 20_000) {
            _ = try? set.render("main", context)
        }
    }
    return 0
}
