/// Waymark's own export (`docs/export-format.md`): a folder of JSON and CSV files and `notes/`,
/// read whole by `ExportReader` (the profile's zone applies to every file, and notes may show
/// the images beside them).
enum WaymarkExportImporter {
    static let id = "waymark"
    /// The part's kind, as `check` and `init` name it.
    static let name = "Waymark export"

    static let importer = SourceImporter.folder(
        id: id, name: name, howToExport: "the folder with points.json, tags.json, … (docs/export-format.md)",
        .init(recognises: recognises, read: read))

    /// A folder holding one of the export's data files, or its notes.
    static func recognises(_ names: [String]) -> Bool {
        names.contains(where: ExportReader.dataFiles.contains) || names.contains("notes")
    }

    static func read(_ fileSystem: FileSystem, _ directory: String, _ context: ImportContext) -> SourcePart {
        let imported = ExportReader(fileSystem: fileSystem, fallbackZone: context.zone, parallelism: context.parallelism, memo: context.memo)
            .read(directory: directory)
        return SourcePart(kind: name, files: imported.files.map(\.file), export: imported.export, diagnostics: imported.diagnostics,
                          noteAssets: imported.noteAssets, fileSummaries: imported.files)
    }
}
