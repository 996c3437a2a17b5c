#ifndef ORIENTD_CEVDEV_H
#define ORIENTD_CEVDEV_H

/* libevdev (Debian libevdev-dev), the library made for evdev devices: it reads a device's
   capabilities, axis ranges and events, and keeps the state the events update, so orientd
   parses no ioctl itself. Every function it calls is a plain C function: no shims. */
#include <libevdev/libevdev.h>
#include <linux/input.h>

#endif
