#include "CEvdev.h"

#include <stddef.h>

#include "CLibc.h"

static struct orientd_evdev_api orientd_evdev;
static struct orientd_library libevdev = { "libevdev.so.2", &orientd_evdev, sizeof orientd_evdev, NULL, 0 };

/* A table that stands in for libevdev (tests): while set, load and unload do nothing. */
static const struct orientd_evdev_api *replacement;

void orientd_evdev_replace_table(const struct orientd_evdev_api *table) {
        replacement = table;
}

const struct orientd_evdev_api *orientd_evdev_table(void) {
        return replacement ? replacement : &orientd_evdev;
}

const char *orientd_evdev_load(void) {
        if (replacement)
                return NULL;
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
        if (replacement)
                return;
        orientd_library_release(&libevdev);
}
