#include "CEvdev.h"

#include <stddef.h>

#include "CLibc.h"

static struct orientd_evdev_api orientd_evdev;
static struct orientd_library libevdev = { "libevdev.so.2", &orientd_evdev, sizeof orientd_evdev, NULL, 0 };

const struct orientd_evdev_api *orientd_evdev_table(void) {
        return &orientd_evdev;
}

const char *orientd_evdev_load(void) {
        const char *error;
        if (orientd_library_begin(&libevdev, &error))
                return error;
#define RESOLVE(name) ORIENTD_RESOLVE(libevdev, orientd_evdev, "libevdev_", name)
        RESOLVE(new_from_fd)
        RESOLVE(free)
        RESOLVE(get_name)
        RESOLVE(has_property)
        RESOLVE(has_event_code)
        RESOLVE(get_abs_info)
        RESOLVE(get_event_value)
        RESOLVE(next_event)
#undef RESOLVE
        orientd_library_opened(&libevdev);
        return NULL;
}

void orientd_evdev_unload(void) {
        orientd_library_release(&libevdev);
}
