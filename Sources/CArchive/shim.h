#include <archive.h>
#include <archive_entry.h>
#if defined(__linux__)
#include <dlfcn.h>
#endif

/* The library's functions Waymark's importers call, each of the type the library declares. */
struct waymark_archive_functions {
    __typeof__(archive_read_new) *read_new;
    __typeof__(archive_read_support_format_zip) *read_support_format_zip;
    __typeof__(archive_read_support_format_tar) *read_support_format_tar;
    __typeof__(archive_read_support_filter_gzip) *read_support_filter_gzip;
    __typeof__(archive_read_open_filename) *read_open_filename;
    __typeof__(archive_read_next_header) *read_next_header;
    __typeof__(archive_read_data) *read_data;
    __typeof__(archive_read_free) *read_free;
    __typeof__(archive_error_string) *error_string;
    __typeof__(archive_format) *format;
    __typeof__(archive_filter_count) *filter_count;
    __typeof__(archive_filter_bytes) *filter_bytes;
    __typeof__(archive_entry_filetype) *entry_filetype;
    __typeof__(archive_entry_size_is_set) *entry_size_is_set;
    __typeof__(archive_entry_size) *entry_size;
    __typeof__(archive_entry_pathname_utf8) *entry_pathname_utf8;
    __typeof__(archive_entry_pathname) *entry_pathname;
};

/* Fills `f` with the library's functions: NULL, or why they cannot be had. On Linux the library
   `name` is opened here, when the first archive is read: the module that Linux builds import
   (CArchiveLinux) links no library, so a site built from folders of files does not load it and
   the five libraries only it needs at every start of the program. Elsewhere the library is
   linked as usual and `name` is not used. */
static inline const char *waymark_archive_open(const char *name, struct waymark_archive_functions *f) {
#if defined(__linux__)
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define WAYMARK_ARCHIVE_FIND(field, symbol) \
    { void *found = dlsym(library, #symbol); \
      if (!found) return dlerror(); \
      f->field = (__typeof__(f->field))found; }
#else
    (void)name;
#define WAYMARK_ARCHIVE_FIND(field, symbol) f->field = symbol;
#endif
    WAYMARK_ARCHIVE_FIND(read_new, archive_read_new)
    WAYMARK_ARCHIVE_FIND(read_support_format_zip, archive_read_support_format_zip)
    WAYMARK_ARCHIVE_FIND(read_support_format_tar, archive_read_support_format_tar)
    WAYMARK_ARCHIVE_FIND(read_support_filter_gzip, archive_read_support_filter_gzip)
    WAYMARK_ARCHIVE_FIND(read_open_filename, archive_read_open_filename)
    WAYMARK_ARCHIVE_FIND(read_next_header, archive_read_next_header)
    WAYMARK_ARCHIVE_FIND(read_data, archive_read_data)
    WAYMARK_ARCHIVE_FIND(read_free, archive_read_free)
    WAYMARK_ARCHIVE_FIND(error_string, archive_error_string)
    WAYMARK_ARCHIVE_FIND(format, archive_format)
    WAYMARK_ARCHIVE_FIND(filter_count, archive_filter_count)
    WAYMARK_ARCHIVE_FIND(filter_bytes, archive_filter_bytes)
    WAYMARK_ARCHIVE_FIND(entry_filetype, archive_entry_filetype)
    WAYMARK_ARCHIVE_FIND(entry_size_is_set, archive_entry_size_is_set)
    WAYMARK_ARCHIVE_FIND(entry_size, archive_entry_size)
    WAYMARK_ARCHIVE_FIND(entry_pathname_utf8, archive_entry_pathname_utf8)
    WAYMARK_ARCHIVE_FIND(entry_pathname, archive_entry_pathname)
#undef WAYMARK_ARCHIVE_FIND
    return NULL;
}
