#include "CEvdev.h"

#include <dlfcn.h>
#include <stddef.h>

static struct orientd_evdev_api orientd_evdev;
static void *handle;
static unsigned users;

const struct orientd_evdev_api *orientd_evdev_table(void) {
        return &orientd_evdev;
}

/* A lookup failed: no pointer into the library outlives it (the table is cleared before
 * dlclose), and the message is copied first (dlclose may reuse dlerror's buffer). */
static const char *load_failed(const char *message) {
        static char copy[256];
        size_t i = 0;
        for (; message[i] && i + 1 < sizeof copy; i++)
                copy[i] = message[i];
        copy[i] = 0;
        orientd_evdev = (struct orientd_evdev_api){ 0 };
        dlclose(handle);
        handle = NULL;
        return copy;
}

const char *orientd_evdev_load(void) {
        if (users > 0) {
                users++;
                return NULL;
        }
        handle = dlopen("libevdev.so.2", RTLD_NOW | RTLD_LOCAL);
        if (!handle)
                return dlerror();
#define RESOLVE(name) \
        orientd_evdev.name = (__typeof__(orientd_evdev.name)) dlsym(handle, "libevdev_" #name); \
        if (!orientd_evdev.name) { \
                const char *e = dlerror(); \
                return load_failed(e ? e : "libevdev.so.2 lacks libevdev_" #name); \
        }
        RESOLVE(new_from_fd)
        RESOLVE(free)
        RESOLVE(get_name)
        RESOLVE(has_property)
        RESOLVE(has_event_code)
        RESOLVE(get_abs_info)
        RESOLVE(get_event_value)
        RESOLVE(next_event)
#undef RESOLVE
        users = 1;
        return NULL;
}

void orientd_evdev_unload(void) {
        if (users == 0 || --users > 0)
                return;
        orientd_evdev = (struct orientd_evdev_api){ 0 };
        dlclose(handle);
        handle = NULL;
}
