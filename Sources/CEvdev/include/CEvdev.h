#ifndef ORIENTD_CEVDEV_H
#define ORIENTD_CEVDEV_H

/* libevdev (Debian libevdev-dev, runtime libevdev2), the library made for evdev devices: it
   reads a device's capabilities, axis ranges and events, and keeps the state the events update,
   so orientd parses no ioctl itself. Its header lives in libevdev-1.0/ (pkg-config --cflags).

   libevdev is loaded only while an input accelerometer is open, as libiio is: an idle daemon,
   and every machine with an IIO accelerometer, do not map it (about 100 KiB of private pages).
   orientd_evdev_load() opens it (NULL on success, else the reason) and counts users;
   orientd_evdev_unload() drops one user and closes the library after the last. Every libevdev
   function orientd calls is reached through the table below. */
#include <libevdev-1.0/libevdev/libevdev.h>
#include <linux/input.h>

const char *orientd_evdev_load(void);
void orientd_evdev_unload(void);

struct orientd_evdev_api {
        __typeof__(libevdev_new_from_fd) *new_from_fd;
        __typeof__(libevdev_free) *free;
        __typeof__(libevdev_get_name) *get_name;
        __typeof__(libevdev_has_property) *has_property;
        __typeof__(libevdev_has_event_code) *has_event_code;
        __typeof__(libevdev_get_abs_info) *get_abs_info;
        __typeof__(libevdev_get_event_value) *get_event_value;
        __typeof__(libevdev_next_event) *next_event;
};

/* The loaded entry points; valid between a successful load and the matching unload. */
const struct orientd_evdev_api *orientd_evdev_table(void);

/* Tests: `table` stands in for libevdev until replaced with NULL (load and unload then do
   nothing), so readers run in-process against a fake device. */
void orientd_evdev_replace_table(const struct orientd_evdev_api *table);

#endif
