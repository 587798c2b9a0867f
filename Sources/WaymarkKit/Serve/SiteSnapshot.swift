#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One good build's files in memory, as the preview server serves them: the bytes, their
/// content type, a strong ETag and when the bytes last changed (kept from the previous snapshot
/// for every file a rebuild left the same, so browsers' cached copies stay valid).
public struct SiteSnapshot: Sendable {
    /// One file, ready to serve.
    public struct Entry: Sendable, Equatable {
        /// The file as built.
        public var bytes: [UInt8]
        /// The `Content-Type` header's value.
        public var contentType: String
        /// A quoted strong validator: the FNV-1a hash of the bytes and their length.
        public var etag: String
        /// Seconds since 1970 when these bytes were first served at this path.
        public var lastModified: Int64
    }

    /// Site path (`notes/index.html`) → file.
    public private(set) var entries: [String: Entry]
    /// The site's language, for the pages the server makes itself (404, the error overlay).
    public var language: Language
    /// The paths whose bytes differ from the previous snapshot's (new ones included).
    public private(set) var changed: [String]

    /// A snapshot of `files` made at `now`, reusing `previous`'s entries for unchanged files.
    public init(files: [SiteFile], language: Language, at now: Int64, previous: SiteSnapshot? = nil) {
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(files.count)
        var changed: [String] = []
        for file in files {
            if let old = previous?.entries[file.path], SiteSnapshot.same(old.bytes, file.bytes) {
                entries[file.path] = old
                continue
            }
            changed.append(file.path)
            entries[file.path] = Entry(bytes: file.bytes, contentType: ContentType.of(file.path),
                                       etag: SiteSnapshot.etag(file.bytes), lastModified: now)
        }
        self.entries = entries
        self.language = language
        self.changed = changed
    }

    /// No files yet (before the first good build).
    public static func empty(language: Language = .en) -> SiteSnapshot {
        SiteSnapshot(files: [], language: language, at: 0)
    }

    /// The file at a site path.
    public subscript(path: String) -> Entry? { entries[path] }

    /// Whether the set of paths or any file's bytes differ from `previous`'s.
    public func differs(from previous: SiteSnapshot) -> Bool {
        !changed.isEmpty || entries.count != previous.entries.count
    }

    /// Byte-equal, compared with memcmp: a rebuild compares the whole site (20 MB for a decade).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }
                return memcmp(p, q, x.count) == 0
            }
        }
    }

    static func etag(_ bytes: [UInt8]) -> String {
        let hash = String(FNV1a.hash(bytes), radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hash.count) + hash + "-" + String(bytes.count, radix: 16) + "\""
    }
}
