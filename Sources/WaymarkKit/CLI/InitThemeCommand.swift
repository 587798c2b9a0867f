/// `waymark init-theme DIR`: writes the built-in templates and assets out for editing.
enum InitThemeCommand {
    static let spec = CommandSpec(
        name: "init-theme",
        abstract: "Write the built-in templates and assets into DIR to customise them.",
        arguments: [.init(name: "DIR", help: "Folder to write into (created when missing).", optional: false)],
        options: [
            .init(names: ["--force"], value: nil, help: "Replace files of the same name that already exist."),
            CommonOptions.quiet,
        ],
        discussion: "Edit the files, delete the ones you do not change, then run 'waymark build --templates DIR'.",
        run: { parsed, env in run(parsed, env) }
    )

    static func run(_ parsed: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
        let fs = env.fileSystem
        let dir = parsed.positionals.first ?? "theme"
        let shownDir = Diagnostic.path(dir)
        let theme = Theme.embedded
        var files: [(String, [UInt8])] = theme.templates.map { ($0.key + ".mustache", Array($0.value.utf8)) }
        files += theme.assets.map { ($0.key, $0.value) }
        files.sort { $0.0 < $1.0 }

        if let kind = fs.kind(dir), fs.canonicalPath(dir).flatMap(fs.kind) != .directory || kind == .file {
            env.standardError("error: \(shownDir) exists and is not a folder\n")
            return .cannotCreate
        }
        let existing = files.map(\.0).filter { fs.kind(dir + "/" + $0) != nil }
        if !existing.isEmpty && !parsed.flag("--force") {
            env.standardError("error: \(shownDir) already has \(existing.joined(separator: ", ")); add --force to replace them\n")
            return .cannotCreate
        }
        do throws(FileSystemError) {
            for (path, bytes) in files {
                let parent = (dir + "/" + path).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                try fs.createDirectories(parent.isEmpty ? "/" : parent)
                let target = dir + "/" + path
                try fs.writeReplacing(target, bytes)  // replacing only with --force, checked above
            }
        } catch {
            env.standardError("error: \(error)\n")
            return ExitCode(for: error.writeKind)
        }
        if !parsed.flag("--quiet") {
            env.standardError("Wrote \(files.count) files into \(shownDir)/. Build with: waymark build --templates \(shownDir)\n")
        }
        return .ok
    }
}
