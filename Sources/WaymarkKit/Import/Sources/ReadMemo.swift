/// What reading files gave before, for a caller that reads the same sources again and again (the
/// preview rebuilds on every save). An importer hands it a pure function of the files' bytes
/// and of `reading` (what else shapes the result: the zone, the format); the store behind it,
/// which the caller owns, gives back the earlier result when every file still has the identity
/// it had then (`FileIdentity`), else runs the function. Without a store (`none`, a build) the
/// function always runs. Importers know nothing of when or whether a result is reused.
public struct ReadMemo: Sendable {
    /// What a kept result was made from: the files and the reading.
    public struct Key: Hashable, Sendable {
        /// The files read, then the files beside them that were compared.
        public var paths: [String]
        /// What else shaped the result (the format, the zone), as text.
        public var reading: String
    }

    /// Keeps results; the caller's (`SourceCache`).
    public protocol Store: Sendable {
        /// The result kept for `key` when the files' identities are `files`, else nil.
        func value(for key: Key, files: [FileIdentity?]) -> (any Sendable)?
        /// Keeps `value` for `key`, made from files with the identities `files` (taken before
        /// they were read); the store may decline (files changed too recently to be trusted).
        func keep(_ value: any Sendable, for key: Key, files: [FileIdentity?])
    }

    let store: (any Store)?

    /// Reuses what `store` keeps; nil reuses nothing.
    public init(store: (any Store)?) {
        self.store = store
    }

    /// Never reuses anything.
    public static let none = ReadMemo(store: nil)

    /// `make()`, or what it gave for the same `paths` and `reading` when each file is unchanged
    /// since. Every path must be a regular file (else nothing is reused); each of `sidecars`
    /// (files a format reads beside, such as SQLite's `-wal`) may also be absent, which counts
    /// as part of the identity.
    func value<T: Sendable>(_ fileSystem: FileSystem, paths: [String], sidecars: [String] = [], reading: String,
                            _ make: () -> T) -> T {
        guard let store else { return make() }
        var files: [FileIdentity?] = []
        for path in paths {
            guard let id = fileSystem.identity(path) else { return make() }
            files.append(id)
        }
        for path in sidecars {
            let id = fileSystem.identity(path)
            if id == nil, fileSystem.kind(path) != nil { return make() }
            files.append(id)
        }
        let key = Key(paths: paths + sidecars, reading: reading)
        if let kept = store.value(for: key, files: files) as? T { return kept }
        let value = make()
        store.keep(value, for: key, files: files)
        return value
    }
}
