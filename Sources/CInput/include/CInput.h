#ifndef ORIENTD_CINPUT_H
#define ORIENTD_CINPUT_H

// The kernel's uinput interface (linux/uinput.h): its requests are function-like macros on a
// variadic ioctl(), which Swift cannot call, so each step is one prefixed helper here.
// Every helper returns 0 or -errno.

#include <stdint.h>
#include <linux/input-event-codes.h>

/// Declares a virtual device that reports EV_SW with one switch code, named `name`
/// (UI_SET_EVBIT, UI_SET_SWBIT, UI_DEV_SETUP with BUS_VIRTUAL), and creates it (UI_DEV_CREATE).
int orientd_uinput_create_switch(int fd, const char *name, uint16_t code);

/// UI_DEV_DESTROY: the input device goes away (closing the fd does the same).
int orientd_uinput_destroy(int fd);

/// Writes one switch state and its SYN_REPORT as a single write of two input_event records.
int orientd_uinput_emit_switch(int fd, uint16_t code, int32_t value);

/// sizeof(struct input_event) on this architecture (24 on 64-bit time).
int orientd_input_event_size(void);

#endif
