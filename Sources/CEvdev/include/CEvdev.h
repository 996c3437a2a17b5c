#ifndef ORIENTD_CEVDEV_H
#define ORIENTD_CEVDEV_H

/* libevdev (Debian libevdev-dev, runtime libevdev2), the library made for evdev devices: it
   reads a device's capabilities, axis ranges and events, and keeps the state the events update,
   so orientd parses no ioctl itself. Its header lives in libevdev-1.0/ (pkg-config --cflags).

   libevdev is loaded only while an input accelerometer is open, as libiio is: an idle daemon,
   and every machine with an IIO accelerometer, do not map it (about 100 KiB of private pages).
   orientd_libevdev() is the library (CLibc.h's orientd_library: load, release, table, and a
   replacement table for tests, so readers run in-process against a fake device). Every libevdev
   function orientd calls is reached through its table, a struct orientd_evdev_api. */
#include <libevdev-1.0/libevdev/libevdev.h>
#include <linux/input.h>

#include "CLibc.h"

struct orientd_library *orientd_libevdev(void);

/* The libevdev functions orientd calls (libevdev_<name>), in the table's order. */
#define ORIENTD_EVDEV_FUNCTIONS(F) \
        F(new_from_fd) F(free) F(get_name) F(has_property) F(has_event_code) F(get_abs_info) \
        F(get_event_value) F(next_event)

struct orientd_evdev_api {
#define ORIENTD_EVDEV_POINTER(name) __typeof__(libevdev_##name) *name;
        ORIENTD_EVDEV_FUNCTIONS(ORIENTD_EVDEV_POINTER)
#undef ORIENTD_EVDEV_POINTER
};

#endif
