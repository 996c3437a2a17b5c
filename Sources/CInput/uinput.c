#include "CInput.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/uinput.h>

_Static_assert(sizeof(struct input_event) == 24, "orientd assumes the 64-bit input_event layout");

static int request(int fd, unsigned long what, unsigned long argument) {
    return ioctl(fd, what, argument) < 0 ? -errno : 0;
}

int orientd_uinput_create_switch(int fd, const char *name, uint16_t code) {
    int r;
    if ((r = request(fd, UI_SET_EVBIT, EV_SW)) < 0) return r;
    if ((r = request(fd, UI_SET_EVBIT, EV_SYN)) < 0) return r;
    if ((r = request(fd, UI_SET_SWBIT, code)) < 0) return r;
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0) return -errno;
    return request(fd, UI_DEV_CREATE, 0);
}

int orientd_uinput_destroy(int fd) {
    return request(fd, UI_DEV_DESTROY, 0);
}

int orientd_uinput_emit_switch(int fd, uint16_t code, int32_t value) {
    struct input_event events[2];
    memset(events, 0, sizeof events);  // uinput stamps the time itself
    events[0].type = EV_SW;
    events[0].code = code;
    events[0].value = value;
    events[1].type = EV_SYN;
    events[1].code = SYN_REPORT;
    ssize_t n;
    do {
        n = write(fd, events, sizeof events);
    } while (n < 0 && errno == EINTR);
    if (n < 0) return -errno;
    return n == (ssize_t)sizeof events ? 0 : -EIO;
}

int orientd_input_event_size(void) {
    return (int)sizeof(struct input_event);
}
