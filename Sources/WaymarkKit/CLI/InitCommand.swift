/// `waymark init [DIR]`: finds the sources in DIR and writes a commented `waymark.json` for them,
/// with `waymark.schema.json` beside it.
enum InitCommand {
    struct Options: CommandOptions {
        var directory: String?
        var force = false
        var quiet = false
    }

    static let spec = CommandSpec<Options>(
        name: "init",
        abstract: "Write a commented waymark.json for the exports found in DIR.",
        arguments: [.one("DIR", help: "The folder holding your exports, where waymark.json is written (default: the current folder).", optional: true, \.directory)],
        options: [
            .flag(["--force"], help: "Replace an existing waymark.json (the old one is kept as waymark.json.bak).", \.force),
            .flag(["-q", "--quiet"], help: CommonOptions.quietHelp, \.quiet),
        ],
        discussion: """
        Each file and folder in DIR that Waymark reads becomes a source; DIR itself when it is a
        Waymark export. The schema lets editors complete and check the file (docs/configuration.md).
        """,
        run: { options, env in run(options, env) }
    )

    static func run(_ options: Options, _ env: CommandEnvironment) -> ExitCode {
        let fs = env.fileSystem
        let dir = options.directory ?? "."
        let shownDir = Diagnostic.path(dir)
        let quiet = options.quiet
        guard let canonical = fs.canonicalPath(dir), fs.kind(canonical) == .directory else {
            env.standardError("error: \(shownDir): \(fs.kind(dir) == nil ? "does not exist" : "is not a folder")\n")
            return fs.kind(dir) == nil ? .noInput : .usage
        }
        if let reason = ProtectedFolders.systemRefusal(canonical) {
            let leads = canonical == dir ? "" : " (where \(shownDir) leads)"
            env.standardError("error: refusing to write a config into \(Diagnostic.path(canonical))\(leads): \(reason). Not even --force writes there.\n")
            return .cannotCreate
        }
        let configPath = SiteConfig.path(BuildSettings.defaultConfigName, against: dir)
        let schemaPath = SiteConfig.path(ConfigSchema.fileName, against: dir)
        let schema = ConfigSchema.bytes
        let schemaIsOurs = (try? fs.readFile(schemaPath)) == schema
        let force = options.force
        if !force {
            var existing: [String] = []
            if fs.kind(configPath) != nil { existing.append(configPath) }
            if fs.kind(schemaPath) != nil, !schemaIsOurs { existing.append(schemaPath) }
            if !existing.isEmpty {
                env.standardError("error: \(existing.map(Diagnostic.path).joined(separator: " and ")) already exist\(existing.count == 1 ? "s" : ""); edit it, or add --force to write a new one (the old one is kept as .bak)\n")
                return .cannotCreate
            }
        }

        let (found, unreadable) = SourceFinder(fileSystem: fs).find(in: dir)
        let text = ConfigTemplate.text(sources: found)
        var said: [String] = []
        do throws(FileSystemError) {
            // With --force, what was there is set aside, never lost: it may be the user's own work.
            if let aside = try setAside(configPath, fs) { said.append("Kept the old \(BuildSettings.defaultConfigName) as \(Diagnostic.path(aside)).") }
            if !schemaIsOurs, let aside = try setAside(schemaPath, fs) { said.append("Kept the old \(ConfigSchema.fileName) as \(Diagnostic.path(aside)).") }
            try fs.writeFile(configPath, Array(text.utf8))
            if !schemaIsOurs { try fs.writeFile(schemaPath, schema) }
        } catch {
            env.standardError("error: \(error)\n")
            return ExitCode(for: error.writeKind)
        }
        // Said even with --quiet: a source left out of the config is not found again by a build.
        for source in unreadable {
            env.standardError("warning: \(Diagnostic.path(source.path)): left out: \(source.message)\n")
        }
        if !quiet { env.standardError(report(found, dir: dir, said: said)) }
        return .ok
    }

    /// Renames an existing file to the first free `NAME.bak`, `NAME.1.bak`, …; its new name, or nil
    /// when there was nothing.
    static func setAside(_ path: String, _ fs: FileSystem) throws(FileSystemError) -> String? {
        guard fs.kind(path) != nil else { return nil }
        var n = 0
        var target = path + ".bak"
        while fs.kind(target) != nil {
            n += 1
            target = path + ".\(n).bak"
        }
        try fs.rename(path, target)
        return target.split(separator: "/").last.map(String.init) ?? target
    }

    /// What was found and written, and what to run next.
    static func report(_ found: [SourceFinder.Found], dir: String, said: [String]) -> String {
        let shownDir = Diagnostic.path(dir)
        var out = ""
        if found.isEmpty {
            out += "Found no exports in \(dir == "." ? "this folder" : shownDir). Put them here (or list their paths under \"sources\" in waymark.json); until then waymark build builds the demo export.\n"
        } else {
            out += "Found \(found.count) source\(found.count == 1 ? "" : "s"):\n"
            let width = min(40, found.map(\.path.count).max() ?? 0)
            for source in found {
                let name = Diagnostic.shorten(source.path, limit: 60)
                out += "  " + name + String(repeating: " ", count: max(1, width + 2 - name.count)) + source.kinds.joined(separator: ", ") + "\n"
            }
        }
        let shown = dir == "." ? "" : shownDir + "/"
        out += "Wrote \(shown)\(BuildSettings.defaultConfigName) and \(shown)\(ConfigSchema.fileName).\n"
        out += said.map { $0 + "\n" }.joined()
        let cd = dir == "." ? "" : "cd \(Diagnostic.shellWord(dir)) && "
        out += "Next: \(cd)waymark build (or \(cd)waymark serve to preview while you edit).\n"
        return out
    }
}
