/// Reads the export a command names (or the embedded demo) and reports what went wrong,
/// shared by `build` and `check`.
struct ExportLoader {
    let env: CommandEnvironment
    let quiet: Bool
    /// Whether the command would write a site (changes the closing message).
    var writes = true

    /// The demo export compiled into the binary, as a read-only file system.
    static let demoRoot = "/waymark-demo-export"
    static var demoFileSystem: FileSystem {
        var files: [String: [UInt8]] = [:]
        for file in EmbeddedFiles.demoExport { files[file.path] = file.bytes }
        return .inMemory(root: demoRoot, files: files)
    }

    /// Reads `directory` (nil: the demo). Prints diagnostics; returns the result and, when the
    /// build must stop, the exit code.
    /// `notesRead` is handed the notes as soon as they are read (see `ExportReader.notesRead`).
    func load(_ directory: String?, fallbackZone: Zone, skipInvalid: Bool,
              notesRead: (@Sendable ([Note], [String]) -> Void)? = nil) -> (ImportResult, ExitCode?) {
        var reader = ExportReader(fileSystem: directory == nil ? ExportLoader.demoFileSystem : env.fileSystem, fallbackZone: fallbackZone)
        reader.notesRead = notesRead
        var result = reader.read(directory: directory ?? ExportLoader.demoRoot)
        if directory == nil {
            result.diagnostics = result.diagnostics.map { d in
                var d = d
                d.file = "demo/" + d.file
                return d
            }
        }
        var errors = result.errors
        var warnings = result.warnings
        if skipInvalid && errors.allSatisfy(\.dropsRecord) {
            warnings += errors.map { d in
                var d = d
                d.severity = .warning
                d.message += " (record skipped)"
                return d
            }
            errors = []
        }
        if !quiet || !errors.isEmpty {
            var report = ""
            for w in warnings { report += "warning: \(w)\n" }
            for e in errors { report += "error: \(e)\n" }
            if !report.isEmpty { env.standardError(report) }
        }
        guard !errors.isEmpty else { return (result, nil) }
        let code: ExitCode
        if errors.contains(where: { $0.category == .missingInput }) {
            code = .noInput
        } else if errors.contains(where: { $0.category == .io }) {
            code = .ioError
        } else {
            code = .dataError
        }
        let skippable = errors.allSatisfy(\.dropsRecord)
        var summary = "\(errors.count) problem\(errors.count == 1 ? "" : "s") found" + (writes ? "; nothing was written." : ".")
        if code == .dataError && skippable {
            summary += " Fix them, or run again with --skip-invalid to leave those records out."
        }
        env.standardError(summary + "\n")
        return (result, code)
    }
}
