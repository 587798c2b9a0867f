#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call; waymark_mhd_start takes fixed
   arguments instead. */

/* Leaves the request path as the client sent it: Waymark decodes it itself (RequestPath), so an
   encoded slash or dot cannot hide from its checks behind the library's decoding. */
static inline size_t waymark_mhd_keep_escaped(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    return strlen(text);
}

/* Starts a daemon without a listening socket: Waymark accepts connections itself and hands each
   over with MHD_add_connection once its request head is whole and checked (ConnectionGate).
   `connection_limit` caps the connections served at once; `notify` hears each one start and
   end (with `context`, as the handler). */
static inline struct MHD_Daemon *waymark_mhd_start(unsigned int flags, MHD_AccessHandlerCallback handler, void *context,
                                                   unsigned int idle_timeout_seconds, unsigned int connection_limit,
                                                   MHD_NotifyConnectionCallback notify) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_UNESCAPE_CALLBACK, waymark_mhd_keep_escaped, NULL,
                            MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                            MHD_OPTION_END);
}
