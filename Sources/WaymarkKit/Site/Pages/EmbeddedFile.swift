import Foundation

/// One file compiled into the binary by the `EmbedResources` build plugin.
struct EmbeddedFile: Sendable {
    /// Path relative to its group's folder, with `/` separators.
    let path: String
    /// The file's bytes.
    let bytes: [UInt8]

    init(path: String, text: String) {
        self.path = path
        self.bytes = Array(text.utf8)
    }

    init(path: String, base64: String) {
        self.path = path
        self.bytes = Data(base64Encoded: base64).map { Array($0) } ?? []
    }
}
