#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call; these two
   take fixed arguments instead. */

/* Leaves the request path as the client sent it: Waymark decodes it itself (RequestPath), so an
   encoded slash or dot cannot hide from its checks behind the library's decoding. */
static inline size_t waymark_mhd_keep_escaped(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    return strlen(text);
}

/* Starts a daemon on a socket that is already bound and listening (the caller reports why a
   bind failed better than the library can). The daemon closes the socket when it stops. */
static inline struct MHD_Daemon *waymark_mhd_start(unsigned int flags, int listen_socket,
                                                   MHD_AccessHandlerCallback handler, void *context,
                                                   unsigned int idle_timeout_seconds) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
                            MHD_OPTION_UNESCAPE_CALLBACK, waymark_mhd_keep_escaped, NULL,
                            MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds,
                            MHD_OPTION_END);
}

/* The port the daemon listens on (the one the system chose when asked for port 0); 0 if unknown. */
static inline uint16_t waymark_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
