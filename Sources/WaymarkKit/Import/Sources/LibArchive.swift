#if os(Linux) && canImport(CArchiveLinux)
import CArchiveLinux
#else
import CArchive
#endif

/// libarchive's functions, found once, when the first archive is read. On Linux the library is
/// opened then (`waymark_archive_open`) rather than linked, so a site built from folders of files
/// never loads it, nor the five libraries only it needs (Nettle, libacl, bzip2, LZ4, Zstandard):
/// about 1 ms of every start of the program (docs/performance.md). Each function's type is
/// checked against the library's header where it is unwrapped here.
struct LibArchive: @unchecked Sendable {
    let readNew: @convention(c) () -> OpaquePointer?
    let readSupportFormatZip: @convention(c) (OpaquePointer?) -> Int32
    let readSupportFormatTar: @convention(c) (OpaquePointer?) -> Int32
    let readSupportFilterGzip: @convention(c) (OpaquePointer?) -> Int32
    let readOpenFilename: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int) -> Int32
    let readNextHeader: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let readData: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int) -> Int
    let readFree: @convention(c) (OpaquePointer?) -> Int32
    let errorString: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let format: @convention(c) (OpaquePointer?) -> Int32
    let filterCount: @convention(c) (OpaquePointer?) -> Int32
    let filterBytes: @convention(c) (OpaquePointer?, Int32) -> Int64
    let entryFiletype: @convention(c) (OpaquePointer?) -> mode_t
    let entrySizeIsSet: @convention(c) (OpaquePointer?) -> Int32
    let entrySize: @convention(c) (OpaquePointer?) -> Int64
    let entryPathnameUTF8: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let entryPathname: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?

    /// The library's file on Linux (Debian's libarchive13, named libarchive13t64 in newer
    /// releases, and other distributions').
    static let libraryName = "libarchive.so.13"

    /// The library, opened the first time it is asked for; the failure says why it cannot be.
    static let shared = LibArchive.open(libraryName)

    /// The functions of the library `name` (a name only Linux uses), or why they cannot be had.
    static func open(_ name: String) -> Result<LibArchive, Unavailable> {
        var t = waymark_archive_functions()
        if let failure = waymark_archive_open(name, &t) {
            return .failure(Unavailable(reason: String(cString: failure)))
        }
        guard let readNew = t.read_new, let zip = t.read_support_format_zip, let tar = t.read_support_format_tar,
              let gzip = t.read_support_filter_gzip, let openFilename = t.read_open_filename, let nextHeader = t.read_next_header,
              let readData = t.read_data, let readFree = t.read_free, let errorString = t.error_string, let format = t.format,
              let filterCount = t.filter_count, let filterBytes = t.filter_bytes, let filetype = t.entry_filetype,
              let sizeIsSet = t.entry_size_is_set, let size = t.entry_size, let pathnameUTF8 = t.entry_pathname_utf8,
              let pathname = t.entry_pathname
        else { return .failure(Unavailable(reason: "a function is missing")) }
        return .success(LibArchive(readNew: readNew, readSupportFormatZip: zip, readSupportFormatTar: tar, readSupportFilterGzip: gzip,
                                   readOpenFilename: openFilename, readNextHeader: nextHeader, readData: readData, readFree: readFree,
                                   errorString: errorString, format: format, filterCount: filterCount, filterBytes: filterBytes,
                                   entryFiletype: filetype, entrySizeIsSet: sizeIsSet, entrySize: size,
                                   entryPathnameUTF8: pathnameUTF8, entryPathname: pathname))
    }

    /// Why the library could not be had.
    struct Unavailable: Error {
        let reason: String

        /// The problem of an archive that needs the library (its file names it).
        var error: SourceError {
            SourceError("reading an archive needs libarchive, which could not be loaded (\(Diagnostic.shorten(reason))); "
                        + "install it (Debian and Ubuntu: apt-get install libarchive13, named libarchive13t64 in newer releases; "
                        + "macOS: brew install libarchive)", category: .io)
        }
    }
}
