/// One file of a source as importers see it: its name, its first bytes (formats are told apart
/// by content as well as by name: a renamed CSV still works) and a way to read it, whole or as a
/// stream. It may be a file on disk or an entry of a zip archive.
public struct SourceFile: Sendable {
    /// How many bytes `head` holds at most.
    public static let headSize = 4096

    /// The name to show in messages: the source as given, then the path inside it
    /// (`Takeout.zip/Takeout/Fit/Daily activity metrics/Daily Summaries.csv`).
    public var path: String
    /// The path inside the source, `/`-separated; the file's own name for a source that is a file.
    public var relative: String
    /// The size in bytes, when known before reading.
    public var size: Int64?
    /// The first bytes (up to `headSize`).
    public var head: [UInt8]
    /// The file's path on disk, when it is a plain file there (SQLite opens paths, not streams).
    public var diskPath: String?
    /// The cells of `firstLine` read as a CSV row, as written; nil when it is empty or not CSV.
    /// Read once here: a dozen importers ask for the header of every file of a folder.
    public let firstLineCells: [String]?
    private let opener: @Sendable () throws(SourceError) -> ByteStream
    /// The whole file when it is in memory already (tests, an archive's entries its listing
    /// kept): read whole without a copy.
    private let bytes: [UInt8]?

    public init(path: String, relative: String, size: Int64?, head: [UInt8], diskPath: String? = nil,
                open: @escaping @Sendable () throws(SourceError) -> ByteStream) {
        self.path = path
        self.relative = relative
        self.size = size
        self.head = Array(head.prefix(SourceFile.headSize))
        self.diskPath = diskPath
        opener = open
        bytes = nil
        firstLineCells = SourceFile.cells(firstLineOf: self.head)
    }

    /// A file whose bytes are all in memory, shown as `path`.
    init(path: String, relative: String, bytes: [UInt8]) {
        self.path = path
        self.relative = relative
        size = Int64(bytes.count)
        head = Array(bytes.prefix(SourceFile.headSize))
        diskPath = nil
        opener = { ByteStream(bytes: bytes) }
        self.bytes = bytes
        firstLineCells = SourceFile.cells(firstLineOf: head)
    }

    /// A file held in memory (tests, and small entries already read).
    public static func memory(_ relative: String, _ bytes: [UInt8], in source: String = "") -> SourceFile {
        SourceFile(path: source.isEmpty ? relative : source + "/" + relative, relative: relative, bytes: bytes)
    }

    public static func memory(_ relative: String, _ text: String, in source: String = "") -> SourceFile {
        memory(relative, Array(text.utf8), in: source)
    }

    /// Starts reading the file from its beginning.
    public func open() throws(SourceError) -> ByteStream { try opener() }

    /// The whole file, for formats read at once; refuses files over `limit` bytes.
    public func readAll(limit: Int = FileSystem.maxReadSize) throws(SourceError) -> [UInt8] {
        if let size, size > Int64(limit) {
            throw SourceError("is larger than \(limit >> 20) MiB; Waymark does not read files this large whole")
        }
        if let bytes { return bytes }
        return try open().readAll(limit: limit)
    }

    /// The file's own name, e.g. `Daily Summaries.csv`.
    public var name: String { relative.split(separator: "/").last.map(String.init) ?? relative }
    /// The name in lower case, for comparing extensions.
    public var lowercasedName: String { name.lowercased() }
    /// The folders above the file inside the source.
    public var folders: [String] { relative.split(separator: "/").dropLast().map(String.init) }

    /// The head as text without a UTF-8 byte order mark (bad bytes become U+FFFD).
    public var headText: String {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first line of the head, without its line break or BOM.
    /// Found in the bytes: every importer asks it of every file of a folder, and walking 4 KiB
    /// of one long line by Characters took milliseconds a file. A line break is never inside a
    /// multi-byte character and always ends a Character of its own, so the cut is the same.
    public var firstLine: String { SourceFile.firstLine(of: head) }

    private static func firstLine(of head: [UInt8]) -> String {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let end = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.endIndex
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static func cells(firstLineOf head: [UInt8]) -> [String]? {
        let line = firstLine(of: head)
        guard !line.isEmpty, let row = (try? CSVReader.parse(Array(line.utf8)))?.first else { return nil }
        return row.map(\.text)
    }
}
