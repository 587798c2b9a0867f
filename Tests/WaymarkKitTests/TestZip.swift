#if os(Linux)
import CArchiveLinux  // the same header as WaymarkKit's; the test target links libarchive itself
#else
import CArchive
#endif
import Foundation

/// Writes zip (or tar.gz) archives for the import tests with libarchive, so fixtures are made in
/// the test from readable text instead of checked in as binaries.
enum TestZip {
    enum Entry {
        case file(String, [UInt8])
        case link(String, target: String)

        static func text(_ path: String, _ text: String) -> Entry { .file(path, Array(text.utf8)) }
    }

    /// Writes `entries` to `path` as a zip (deflate), or a tar.gz when `tarGz`.
    static func write(_ path: String, _ entries: [Entry], tarGz: Bool = false) {
        guard let archive = archive_write_new() else { return }
        defer { archive_write_free(archive) }
        if tarGz {
            archive_write_set_format_pax_restricted(archive)
            archive_write_add_filter_gzip(archive)
        } else {
            archive_write_set_format_zip(archive)
        }
        guard archive_write_open_filename(archive, path) == ARCHIVE_OK else { return }
        for entry in entries {
            guard let header = archive_entry_new() else { continue }
            defer { archive_entry_free(header) }
            switch entry {
            case .file(let name, let bytes):
                archive_entry_set_pathname(header, name)
                archive_entry_set_filetype(header, 0o100000)
                archive_entry_set_perm(header, 0o644)
                archive_entry_set_size(header, Int64(bytes.count))
                archive_write_header(archive, header)
                bytes.withUnsafeBytes { _ = archive_write_data(archive, $0.baseAddress, $0.count) }
            case .link(let name, let target):
                archive_entry_set_pathname(header, name)
                archive_entry_set_filetype(header, 0o120000)
                archive_entry_set_symlink(header, target)
                archive_entry_set_perm(header, 0o777)
                archive_write_header(archive, header)
            }
        }
        archive_write_close(archive)
    }

    /// Compresses the file at `path` with gzip once more, in place (a `.tar.gz` becomes gzip
    /// inside gzip, which libarchive unwraps level by level).
    static func gzipAgain(_ path: String) {
        guard let bytes = FileManager.default.contents(atPath: path), let archive = archive_write_new() else { return }
        defer { archive_write_free(archive) }
        archive_write_set_format_raw(archive)
        archive_write_add_filter_gzip(archive)
        guard archive_write_open_filename(archive, path) == ARCHIVE_OK, let header = archive_entry_new() else { return }
        defer { archive_entry_free(header) }
        archive_entry_set_pathname(header, "data")
        archive_entry_set_filetype(header, 0o100000)
        archive_entry_set_size(header, Int64(bytes.count))
        archive_write_header(archive, header)
        bytes.withUnsafeBytes { _ = archive_write_data(archive, $0.baseAddress, $0.count) }
        archive_write_close(archive)
    }
}
