#ifndef ORIENTD_CSYSTEMD_H
#define ORIENTD_CSYSTEMD_H

#include <systemd/sd-bus.h>
#include <systemd/sd-event.h>
#include <systemd/sd-device.h>
#include <systemd/sd-daemon.h>
#include <errno.h>
#include <stdint.h>

/* Helpers for what Swift cannot import from libsystemd: variadic functions and the
   SD_BUS_* vtable macros. Everything here is prefixed orientd_ and does no more than the
   macro or variadic call it stands for. */

#endif
