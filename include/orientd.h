/* liborientd: the device orientation for apps, with the semantics of iOS's UIDevice
 * (docs/client-library.md). It follows orientd (org.orientd.Orientation1) on the system bus,
 * or iio-sensor-proxy (net.hadess.SensorProxy) where orientd is absent, and survives either
 * restarting or appearing later.
 *
 * Threads: a client is used from one thread at a time; observers run on that thread, inside
 * orientd_client_dispatch() or orientd_client_run(). Separate clients are independent.
 * No hidden threads, no signals, no global state. An observer may add and remove observers
 * and call the client, but not free it (free it after orientd_client_dispatch() returns).
 *
 * Errors: functions returning int give 0 (or a value >= 0) on success and a negative
 * ORIENTD_E_* code on failure; orientd_client_last_error() says why. */
#ifndef ORIENTD_H
#define ORIENTD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct orientd_client orientd_client;

/* Numbered as UIDeviceOrientation. */
enum {
    ORIENTD_ORIENTATION_UNKNOWN = 0,
    ORIENTD_ORIENTATION_PORTRAIT = 1,
    ORIENTD_ORIENTATION_PORTRAIT_UPSIDE_DOWN = 2,
    ORIENTD_ORIENTATION_LANDSCAPE_LEFT = 3,
    ORIENTD_ORIENTATION_LANDSCAPE_RIGHT = 4,
    ORIENTD_ORIENTATION_FACE_UP = 5,
    ORIENTD_ORIENTATION_FACE_DOWN = 6,
};

enum {
    ORIENTD_POSTURE_UNKNOWN = 0,
    ORIENTD_POSTURE_CLOSED = 1,
    ORIENTD_POSTURE_LAPTOP = 2,
    ORIENTD_POSTURE_FLAT = 3,
    ORIENTD_POSTURE_TENT = 4,
    ORIENTD_POSTURE_TABLET = 5,
};

/* Which daemon the client follows. */
enum {
    ORIENTD_BACKEND_NONE = 0,
    ORIENTD_BACKEND_ORIENTD = 1,
    ORIENTD_BACKEND_SENSOR_PROXY = 2,
};

enum {
    ORIENTD_E_INVALID_ARGUMENT = -1, /* not an edge-up or not a supported orientation, ... */
    ORIENTD_E_UNAVAILABLE = -2,      /* the followed daemon cannot give it (iio-sensor-proxy: locks,
                                        gravity, posture), or no daemon is there */
    ORIENTD_E_NOT_ACTIVE = -3,       /* end without begin, unlock without lock, unknown observer */
    ORIENTD_E_DAEMON = -4,           /* the daemon answered with an error */
    ORIENTD_E_SYSTEM = -5,           /* the bus connection or a system call failed */
};

/* Connects to the system bus (bus_address NULL) or to a D-Bus address. */
int orientd_client_new(const char *bus_address, orientd_client **client);
/* Drops this client's Begin and lock on the daemon and frees it. NULL is ignored. */
void orientd_client_free(orientd_client *client);
/* The message of the client's last failure (valid until the next one), or NULL. */
const char *orientd_client_last_error(orientd_client *client);
/* A short text for an ORIENTD_E_* code. */
const char *orientd_error_message(int code);
/* "portrait", "faceUp", ... (the D-Bus names); NULL outside the enum. */
const char *orientd_orientation_name(int orientation);
const char *orientd_posture_name(int posture);

/* The caller's loop: watch this fd for input (G_IO_IN, QSocketNotifier::Read, EPOLLIN) and
 * call orientd_client_dispatch() when it is readable. Or call orientd_client_run(), which
 * returns after orientd_client_quit(). */
int orientd_client_get_fd(orientd_client *client);
int orientd_client_dispatch(orientd_client *client);
int orientd_client_run(orientd_client *client);
void orientd_client_quit(orientd_client *client);

/* Nested: n begins need n ends. The bus holds one Begin (or claim) while the count is above 0. */
int orientd_client_begin_generating_notifications(orientd_client *client);
int orientd_client_end_generating_notifications(orientd_client *client);
int orientd_client_is_generating_notifications(orientd_client *client);
int orientd_client_get_backend(orientd_client *client);

/* UNKNOWN while not generating notifications. */
int orientd_client_get_orientation(orientd_client *client);
/* The interface (screen) orientation: edge-up, steady; UNKNOWN until known. */
int orientd_client_get_screen_orientation(orientd_client *client);
/* Bit (1 << orientation) for each supported screen orientation; 0 when the daemon does not tell. */
uint32_t orientd_client_get_supported_screen_orientations(orientd_client *client);
/* The lock in force on the daemon (this app's or another's), UNKNOWN while unlocked. */
int orientd_client_get_screen_orientation_lock(orientd_client *client);
/* Keeps the screen at an edge-up, supported orientation while this client holds the lock;
 * requested again after a daemon restart. ORIENTD_E_UNAVAILABLE with iio-sensor-proxy. */
int orientd_client_lock_screen_orientation(orientd_client *client, int orientation);
int orientd_client_unlock_screen_orientation(orientd_client *client);
/* m/s² in the device frame (orientd only; blocks for one round trip). */
int orientd_client_read_gravity(orientd_client *client, double *x, double *y, double *z);
/* ORIENTD_POSTURE_* or ORIENTD_E_UNAVAILABLE without a hinge (or with iio-sensor-proxy). */
int orientd_client_get_posture(orientd_client *client);
/* 1 or 0, or ORIENTD_E_UNAVAILABLE. */
int orientd_client_get_tablet_mode(orientd_client *client);

/* Observers: `callback` runs with each new value (an orientation, or a posture for
 * orientd_client_observe_posture) until the returned token (> 0; 0 on failure) is removed. */
typedef void (*orientd_callback)(orientd_client *client, int value, void *userdata);
unsigned orientd_client_observe_orientation(orientd_client *client, orientd_callback callback, void *userdata);
unsigned orientd_client_observe_screen_orientation(orientd_client *client, orientd_callback callback, void *userdata);
unsigned orientd_client_observe_posture(orientd_client *client, orientd_callback callback, void *userdata);
int orientd_client_remove_observer(orientd_client *client, unsigned token);

#ifdef __cplusplus
}
#endif

#endif
