/// `waymark init-theme DIR`: writes the built-in templates and assets out for editing.
enum InitThemeCommand {
    struct Options: CommandOptions {
        var directory: String?
        var force = false
        var quiet = false
    }

    static let spec = CommandSpec<Options>(
        name: "init-theme",
        abstract: "Write the built-in templates and assets into DIR to customise them.",
        arguments: [.one("DIR", help: "Folder to write into (created when missing).", optional: false, \.directory)],
        options: [
            .flag(["--force"], help: "Replace files of the same name that already exist.", \.force),
            .flag(["-q", "--quiet"], help: CommonOptions.quietHelp, \.quiet),
        ],
        discussion: "Edit the files, delete the ones you do not change, then run 'waymark build --templates DIR'.",
        run: { options, env in run(options, env) }
    )

    static func run(_ options: Options, _ env: CommandEnvironment) -> ExitCode {
        let fs = env.fileSystem
        let dir = options.directory ?? "theme"
        let shownDir = Diagnostic.path(dir)
        do throws(SiteWriteError) { try SiteWriter(fileSystem: fs).refuseProtectedFolder(dir, for: "a theme") } catch {
            env.standardError("error: \(error.message)\n")
            return ExitCode(for: error.kind)
        }
        let theme = Theme.embedded
        var files: [(String, [UInt8])] = theme.templates.map { ($0.key + ".mustache", Array($0.value.utf8)) }
        files += theme.assets.map { ($0.key, $0.value) }
        files.sort { $0.0 < $1.0 }

        if let kind = fs.kind(dir), fs.canonicalPath(dir).flatMap(fs.kind) != .directory || kind == .file {
            env.standardError("error: \(shownDir) exists and is not a folder\n")
            return .cannotCreate
        }
        let existing = files.map(\.0).filter { fs.kind(dir + "/" + $0) != nil }
        if !existing.isEmpty && !options.force {
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
        if !options.quiet {
            env.standardError("Wrote \(files.count) files into \(shownDir)/. Build with: waymark build --templates \(Diagnostic.shellWord(dir))\n")
        }
        return .ok
    }
}
