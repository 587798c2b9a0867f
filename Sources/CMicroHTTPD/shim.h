#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
#if defined(__linux__)
#include <dlfcn.h>
#endif

/* The library's functions Waymark calls, each of the type the library declares. */
struct waymark_mhd_functions {
    __typeof__(MHD_start_daemon) *start_daemon;
    __typeof__(MHD_stop_daemon) *stop_daemon;
    __typeof__(MHD_add_connection) *add_connection;
    __typeof__(MHD_lookup_connection_value) *lookup_connection_value;
    __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
    __typeof__(MHD_create_response_from_callback) *create_response_from_callback;
    __typeof__(MHD_destroy_response) *destroy_response;
    __typeof__(MHD_add_response_header) *add_response_header;
    __typeof__(MHD_queue_response) *queue_response;
};

/* Fills `f` with the library's functions: NULL, or why they cannot be had. On Linux the library
   `name` is opened here, when the preview first starts: the module that Linux builds import
   (CMicroHTTPDLinux) links no library, so a build, which never serves, does not load it, GnuTLS
   and the seven libraries behind that at every start of the program. Elsewhere the library is
   linked as usual and `name` is not used. */
static inline const char *waymark_mhd_open(const char *name, struct waymark_mhd_functions *f) {
#if defined(__linux__)
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define WAYMARK_MHD_FIND(field, symbol) \
    { void *found = dlsym(library, #symbol); \
      if (!found) return dlerror(); \
      f->field = (__typeof__(f->field))found; }
#else
    (void)name;
#define WAYMARK_MHD_FIND(field, symbol) f->field = symbol;
#endif
    WAYMARK_MHD_FIND(start_daemon, MHD_start_daemon)
    WAYMARK_MHD_FIND(stop_daemon, MHD_stop_daemon)
    WAYMARK_MHD_FIND(add_connection, MHD_add_connection)
    WAYMARK_MHD_FIND(lookup_connection_value, MHD_lookup_connection_value)
    WAYMARK_MHD_FIND(create_response_from_buffer, MHD_create_response_from_buffer)
    WAYMARK_MHD_FIND(create_response_from_callback, MHD_create_response_from_callback)
    WAYMARK_MHD_FIND(destroy_response, MHD_destroy_response)
    WAYMARK_MHD_FIND(add_response_header, MHD_add_response_header)
    WAYMARK_MHD_FIND(queue_response, MHD_queue_response)
#undef WAYMARK_MHD_FIND
    return NULL;
}

/* MHD_start_daemon is variadic, which Swift cannot call; waymark_mhd_start takes fixed
   arguments instead. */

/* Leaves the request path as the client sent it: Waymark decodes it itself (RequestPath), so an
   encoded slash or dot cannot hide from its checks behind the library's decoding. */
static inline size_t waymark_mhd_keep_escaped(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    return strlen(text);
}

/* Starts a daemon (with `f`'s start_daemon) without a listening socket: Waymark accepts
   connections itself and hands each over with add_connection once its request head is whole and
   checked (ConnectionGate). `connection_limit` caps the connections served at once; `notify`
   hears each one start and end (with `context`, as the handler). */
static inline struct MHD_Daemon *waymark_mhd_start(const struct waymark_mhd_functions *f, unsigned int flags,
                                                   MHD_AccessHandlerCallback handler, void *context,
                                                   unsigned int idle_timeout_seconds, unsigned int connection_limit,
                                                   MHD_NotifyConnectionCallback notify) {
    return f->start_daemon(flags, 0, NULL, NULL, handler, context,
                           MHD_OPTION_UNESCAPE_CALLBACK, waymark_mhd_keep_escaped, NULL,
                           MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds,
                           MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                           MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                           MHD_OPTION_END);
}
