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
            .flag(["--force"], help: "Replace files of the same name that already exist (a changed one is moved to DIR/.replaced-DATE first).", \.force),
            .flag(["-q", "--quiet"], help: CommonOptions.quietHelp, \.quiet),
        ],
        discussion: "Edit the files, delete the ones you do not change, then run 'waymark build --templates DIR'.",
        run: { options, env in run(options, env) }
    )

    static func run(_ options: Options, _ env: CommandEnvironment) -> ExitCode {
        let fs = env.fileSystem
        let dir = options.directory ?? "theme"
        let shownDir = Diagnostic.path(dir)
        do throws(SiteWriteError) { try SiteWriter(fileSystem: fs).refuseProtectedFolder(dir, for: "a theme", suggesting: "theme") } catch {
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
        // A folder where a file goes cannot be replaced: said before anything is moved or written.
        let blocked = files.map(\.0).filter { fs.kind(dir + "/" + $0) == .directory }
        if !blocked.isEmpty {
            env.standardError("error: \(shownDir) has folders where the theme's files go: \(blocked.joined(separator: ", ")); move them away\n")
            return .cannotCreate
        }
        let existing = files.map(\.0).filter { fs.kind(dir + "/" + $0) != nil }
        if !existing.isEmpty && !options.force {
            env.standardError("error: \(shownDir) already has \(existing.joined(separator: ", ")); add --force to replace them\n")
            return .cannotCreate
        }
        // Replacing with --force: a file the same as the built-in one is left as it is; one the
        // person changed is moved aside (hidden, so the theme does not read it), never lost.
        var keptIn: String?, kept = 0, same = 0
        do throws(FileSystemError) {
            for (path, bytes) in files {
                let target = dir + "/" + path
                if let kind = fs.kind(target) {
                    if kind == .file, (try? fs.readFile(target)) == bytes {
                        same += 1
                        continue
                    }
                    if keptIn == nil { keptIn = try replacedFolder(dir, fs, env.clock()) }
                    let aside = keptIn ?? dir
                    try fs.createDirectories(parent(aside + "/" + path))
                    try fs.renameNoReplace(target, aside + "/" + path)
                    kept += 1
                }
                try fs.createDirectories(parent(target))
                try fs.writeReplacing(target, bytes)  // replacing only with --force, checked above
            }
        } catch {
            env.standardError("error: \(error)\n")
            if let keptIn { env.standardError("note: the changed files replaced so far are in \(Diagnostic.path(keptIn))/\n") }
            return ExitCode(for: error.writeKind)
        }
        if !options.quiet {
            if let keptIn {
                env.standardError("Moved \(kept) changed file(s) to \(Diagnostic.path(keptIn))/ before replacing them.\n")
            }
            let unchanged = same > 0 ? " (\(same) already as built in, left as they were)" : ""
            env.standardError("Wrote \(files.count - same) files into \(shownDir)/\(unchanged). Build with: waymark build --templates \(Diagnostic.shellWord(dir))\n")
        }
        return .ok
    }

    /// The folder of `path`, "/" for a file at the root.
    static func parent(_ path: String) -> String {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return folder.isEmpty ? "/" : folder
    }

    /// A new hidden folder in `dir` for the files --force replaces, named by the UTC time
    /// (`.replaced-20261207-234012`, with `-2`, `-3`, … when that name is taken).
    static func replacedFolder(_ dir: String, _ fs: FileSystem, _ now: Int64) throws(FileSystemError) -> String {
        let t = LocalDateTime(secondsAsUTC: now)
        let base = dir + "/.replaced-" + pad(t.date.year, 4) + pad(t.date.month, 2) + pad(t.date.day, 2) + "-" + pad(t.hour, 2) + pad(t.minute, 2) + pad(t.second, 2)
        var candidate = base, n = 1
        while true {
            do throws(FileSystemError) {
                try fs.createDirectory(candidate)
                return candidate
            } catch where error.reason == .exists && n < 100 {
                n += 1
                candidate = base + "-\(n)"
            }
        }
    }
}
