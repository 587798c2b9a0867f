/// The JSON Schema of `waymark.json` (`docs/waymark.schema.json`, compiled into the binary), which
/// `waymark init` writes beside the config so that editors complete and check it.
enum ConfigSchema {
    /// The file name `init` writes and the config's `$schema` names.
    static let fileName = "waymark.schema.json"

    /// The schema's bytes, exactly as in `docs/`.
    static var bytes: [UInt8] { EmbeddedFiles.configSchema.first?.bytes ?? [] }
}
