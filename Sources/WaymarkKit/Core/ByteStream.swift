/// A forward-only reader of bytes: a file on disk, an entry of a zip archive, or bytes in memory.
/// Big inputs (a 4 GB Apple Health export) are read through one of these a chunk at a time and
/// never held whole. Used on one thread at a time; closed when it goes away.
public final class ByteStream {
    private let readBody: (UnsafeMutableRawBufferPointer) throws(SourceError) -> Int
    private var closeBody: (() -> Void)?
    /// A closed stream reads nothing more: what it read from may already serve another stream.
    private var isClosed = false
    /// Bytes handed out so far.
    public private(set) var position: Int64 = 0

    /// `read` fills as much of the buffer as it can and returns the count, 0 only at the end.
    public init(read: @escaping (UnsafeMutableRawBufferPointer) throws(SourceError) -> Int, close: (() -> Void)? = nil) {
        readBody = read
        closeBody = close
    }

    /// Bytes already in memory.
    public convenience init(bytes: [UInt8]) {
        var offset = 0
        self.init(read: { buffer in
            let n = min(buffer.count, bytes.count - offset)
            guard n > 0 else { return 0 }
            bytes.withUnsafeBytes { source in
                guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
                to.copyMemory(from: from + offset, byteCount: n)
            }
            offset += n
            return n
        })
    }

    deinit { close() }

    public func close() {
        isClosed = true
        closeBody?()
        closeBody = nil
    }

    /// Reads into `buffer`; returns 0 at the end.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SourceError) -> Int {
        guard buffer.count > 0, !isClosed else { return 0 }
        let n = try readBody(buffer)
        position += Int64(n)
        return n
    }

    /// Everything that is left, refusing more than `limit` bytes.
    /// The message says "is larger than…": whoever reports it names the file.
    public func readAll(limit: Int = FileSystem.maxReadSize) throws(SourceError) -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachChunk(size: 1 << 16) { (chunk) throws(SourceError) in
            guard chunk.count <= limit - bytes.count else {
                throw SourceError("is larger than \(limit >> 20) MiB; Waymark does not read files this large whole")
            }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// Fills as much of `buffer` as the stream has left; returns how much.
    public func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(SourceError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// Calls `body` with each chunk of at most `size` bytes until the end.
    public func forEachChunk(size: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws(SourceError) -> Void) throws(SourceError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try read(into: buffer)
            if n == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }
}
