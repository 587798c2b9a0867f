/// Where a value sits in `waymark.json`, written as JSONPath does: `$.privacy.hide[1]`.
struct ConfigPath: CustomStringConvertible, Sendable {
    private var text = "$"

    func appending(_ key: String) -> ConfigPath {
        var path = self
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0)) && $0.isASCII }
            && !("0"..."9").contains(key.unicodeScalars.first ?? "0")
        path.text += plain ? "." + key : "[\"" + Diagnostic.shorten(key, limit: 40) + "\"]"
        return path
    }

    func appending(_ index: Int) -> ConfigPath {
        var path = self
        path.text += "[\(index)]"
        return path
    }

    var description: String { text }
}
