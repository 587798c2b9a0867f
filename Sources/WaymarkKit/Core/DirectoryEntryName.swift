#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The name in an entry `readdir` returned, read up to its terminating NUL.
///
/// `readdir` hands out records only as long as their name, so copying the whole fixed-size
/// `d_name` field (256 bytes) reads past the end of a short record; the name is read in place.
enum DirectoryEntryName {
    static func bytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        let start = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        let length = strlen(start)
        return Array(UnsafeRawBufferPointer(start: start, count: length))
    }

    /// The name as text; bytes that are not UTF-8 become U+FFFD, as before.
    static func text(_ entry: UnsafeMutablePointer<dirent>) -> String {
        String(decoding: bytes(entry), as: UTF8.self)
    }
}
