/* Follows the device orientation on a GLib main loop and prints each change: the C example
 * of docs/client-library.md.
 *   follow [COUNT [BUS-ADDRESS]]   exits after COUNT changes (0: never); system bus by default
 * Build: cc follow.c $(pkg-config --cflags --libs orientd glib-2.0) */
#include <glib.h>
#include <glib-unix.h>
#include <stdio.h>
#include <stdlib.h>
#include <orientd.h>

static GMainLoop *loop;
static int wanted, seen;

static void changed(orientd_client *client, int orientation, void *userdata) {
    (void) client; (void) userdata;
    printf("%s\n", orientd_orientation_name(orientation));
    fflush(stdout);
    if (++seen == wanted) g_main_loop_quit(loop);
}

/* liborientd's fd is readable: let it handle what came. */
static gboolean readable(gint fd, GIOCondition condition, gpointer client) {
    (void) fd; (void) condition;
    if (orientd_client_dispatch(client) < 0) {
        fprintf(stderr, "follow: %s\n", orientd_client_last_error(client));
        g_main_loop_quit(loop);
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv) {
    wanted = argc > 1 ? atoi(argv[1]) : 0;
    orientd_client *client;
    int r = orientd_client_new(argc > 2 ? argv[2] : NULL, &client);
    if (r < 0) {
        fprintf(stderr, "follow: cannot connect: %s\n", orientd_error_message(r));
        return 1;
    }
    loop = g_main_loop_new(NULL, FALSE);
    /* The five lines an app needs: */
    orientd_client_begin_generating_notifications(client);
    orientd_client_observe_orientation(client, changed, NULL);
    g_unix_fd_add(orientd_client_get_fd(client), G_IO_IN, readable, client);
    g_main_loop_run(loop);
    orientd_client_end_generating_notifications(client);

    orientd_client_free(client);
    g_main_loop_unref(loop);
    return 0;
}
