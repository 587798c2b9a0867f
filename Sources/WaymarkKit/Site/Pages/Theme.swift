/// The templates and static assets a site is rendered with: the embedded defaults, with any
/// file of a `--templates` folder replacing the default of the same name.
public struct Theme: Sendable, Equatable {
    /// Template name (file name without `.mustache`) → source.
    public var templates: [String: String]
    /// Asset path relative to the site root → bytes.
    public var assets: [String: [UInt8]]

    public init(templates: [String: String], assets: [String: [UInt8]]) {
        self.templates = templates
        self.assets = assets
    }

    /// The theme compiled into the binary.
    public static var embedded: Theme {
        var templates: [String: String] = [:]
        for file in EmbeddedFiles.templates where file.path.hasSuffix(".mustache") {
            templates[String(file.path.dropLast(".mustache".count))] = String(decoding: file.bytes, as: UTF8.self)
        }
        var assets: [String: [UInt8]] = [:]
        for file in EmbeddedFiles.publicAssets { assets[file.path] = file.bytes }
        return Theme(templates: templates, assets: assets)
    }

    /// Why a theme folder cannot be used.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(Diagnostic.path(path)): \(message)" }
        /// A theme folder that is not there is missing input; anything else is bad data.
        public var kind: ErrorKind { missing ? .missingInput : .badData }
        var missing = false
    }

    /// The templates of this theme that neither replace one of `base`'s nor are used as a partial
    /// (`{{> name}}`) by any of its templates: most likely a misspelt name, which would otherwise
    /// change nothing without a word. Each with the built-in name it is closest to, if any.
    public func unusedTemplates(over base: Theme) -> [(name: String, guess: String?)] {
        let added = templates.keys.filter { base.templates[$0] == nil }.sorted()
        guard !added.isEmpty else { return [] }
        var partials = Set<String>()
        for text in templates.values { partials.formUnion(Theme.partialNames(in: text)) }
        return added.filter { !partials.contains($0) }.map { ($0, EditDistance.suggestion(for: $0, among: Array(base.templates.keys))) }
    }

    /// The names after `{{>` and `{{<` (partials and parents) in `text`, spaces around them
    /// skipped. Other delimiters (`{{=<% %>=}}`) are not followed: a partial so named is missed,
    /// and only costs a warning.
    static func partialNames(in text: String) -> Set<String> {
        var names = Set<String>()
        let bytes = Array(text.utf8)
        var i = 0
        while i + 2 < bytes.count {
            guard bytes[i] == UInt8(ascii: "{"), bytes[i + 1] == UInt8(ascii: "{"),
                  bytes[i + 2] == UInt8(ascii: ">") || bytes[i + 2] == UInt8(ascii: "<") else { i += 1; continue }
            var j = i + 3
            while j < bytes.count, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") { j += 1 }
            let start = j
            while j < bytes.count, bytes[j] != UInt8(ascii: "}"), bytes[j] != UInt8(ascii: " "), bytes[j] != UInt8(ascii: "\t") { j += 1 }
            names.insert(String(decoding: bytes[start..<j], as: UTF8.self))
            i = j
        }
        return names
    }

    /// Replaces defaults with the files of `directory`: `*.mustache` files at its top are templates,
    /// every other file (at any depth) is an asset at the same relative path.
    ///
    /// A symbolic link anywhere inside the folder is refused: following it would publish whatever
    /// it points to (`passwd.txt -> /etc/passwd`). The folder itself may be reached through a link,
    /// since the user named it.
    public func overridden(by directory: String, fileSystem: FileSystem) throws(LoadError) -> (Theme, [String]) {
        guard fileSystem.canonicalPath(directory).flatMap(fileSystem.kind) == .directory else {
            throw LoadError(path: directory, message: "the templates folder does not exist or is not a folder", missing: true)
        }
        var theme = self
        var replaced: [String] = []
        func walk(_ relative: String, depth: Int) throws(LoadError) {
            let full = relative.isEmpty ? directory : directory + "/" + relative
            let names: [String]
            do { names = try fileSystem.listDirectory(full).sorted() } catch {
                throw LoadError(path: full, message: "cannot list: \(error.detail)")
            }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = directory + "/" + child
                // `kind` does not follow a final link (lstat); the parent folders were listed
                // through their own checked names, so no link is followed on the way either.
                let kind = fileSystem.kind(path)
                if kind == .symbolicLink {
                    throw LoadError(path: path, message: "is a symbolic link; themes may not contain links, copy the file into the theme instead")
                }
                if kind == .directory {
                    if depth < 8 { try walk(child, depth: depth + 1) }
                    continue
                }
                guard kind == .file else { continue }
                guard SitePath.isSafe(child) else {
                    throw LoadError(path: path, message: "file names in a theme may use only letters, digits, '.', '-' and '_'")
                }
                let bytes: [UInt8]
                do { bytes = try fileSystem.readFile(path) } catch {
                    throw LoadError(path: path, message: "cannot read: \(error.detail)")
                }
                if depth == 0 && name.hasSuffix(".mustache") {
                    guard let text = try? SourceText(checking: bytes) else {
                        throw LoadError(path: path, message: "is not UTF-8 text")
                    }
                    theme.templates[String(name.dropLast(".mustache".count))] = String(decoding: text.bytes, as: UTF8.self)
                } else {
                    theme.assets[child] = bytes
                }
                replaced.append(child)
            }
        }
        try walk("", depth: 0)
        return (theme, replaced)
    }
}
