import Foundation
import PackagePlugin

/// Embeds the theme (`Templates/`, `Public/`), the demo export (`Examples/demo/`) and the config
/// file's schema (`docs/waymark.schema.json`, a group of one file) into `WaymarkKit` as Swift literals. Resource bundles would not survive copying the binary.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let groups = [("templates", "Templates"), ("publicAssets", "Public"), ("demoExport", "Examples/demo"),
                      ("configSchema", "docs/waymark.schema.json")]
        var arguments: [String] = []
        var inputs: [URL] = []
        for (name, folder) in groups {
            let dir = root.appendingPathComponent(folder)
            arguments += ["--group", name, dir.path]
            inputs += files(under: dir)
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding templates, assets, the demo export and the config schema",
                executable: try context.tool(named: "waymark-embed").url,
                arguments: ["--output", output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    private func files(under dir: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory), !isDirectory.boolValue { return [dir] }
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = [dir]
        for case let url as URL in walker { found.append(url) }
        return found.sorted { $0.path < $1.path }
    }
}
