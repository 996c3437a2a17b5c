#include "CIIO.h"

#include <stddef.h>

#include "CLibc.h"

static struct orientd_iio_api orientd_iio;

/* A table that stands in for libiio (tests): while set, load and unload only count. */
static const struct orientd_iio_api *replacement;

void orientd_iio_replace_table(const struct orientd_iio_api *table) {
        replacement = table;
}

const struct orientd_iio_api *orientd_iio_table(void) {
        return replacement ? replacement : &orientd_iio;
}

static struct orientd_library libiio = { "libiio.so.0", &orientd_iio, sizeof orientd_iio, NULL, 0 };
/* Loads and unloads while the replacement stands in. */
static unsigned replaced_users;

const char *orientd_iio_load(int *opened) {
        *opened = 0;
        if (replacement) {
                replaced_users++;
                return NULL;
        }
        const char *error;
        if (orientd_library_begin(&libiio, &error))
                return error;
#define RESOLVE(name) ORIENTD_RESOLVE(libiio, orientd_iio, "iio_", name)
        RESOLVE(create_local_context)
        RESOLVE(context_destroy)
        RESOLVE(context_find_device)
        RESOLVE(context_get_devices_count)
        RESOLVE(context_get_device)
        RESOLVE(device_get_id)
        RESOLVE(device_get_name)
        RESOLVE(device_is_trigger)
        RESOLVE(device_find_channel)
        RESOLVE(device_attr_read)
        RESOLVE(device_attr_write)
        RESOLVE(device_get_trigger)
        RESOLVE(device_set_trigger)
        RESOLVE(device_create_buffer)
        RESOLVE(channel_get_id)
        RESOLVE(channel_is_scan_element)
        RESOLVE(device_get_channels_count)
        RESOLVE(device_get_channel)
        RESOLVE(channel_get_index)
        RESOLVE(channel_attr_read)
        RESOLVE(channel_enable)
        RESOLVE(channel_disable)
        RESOLVE(channel_get_data_format)
        RESOLVE(buffer_destroy)
        RESOLVE(buffer_get_poll_fd)
        RESOLVE(buffer_set_blocking_mode)
        RESOLVE(buffer_refill)
        RESOLVE(buffer_step)
        RESOLVE(buffer_end)
        RESOLVE(buffer_first)
        RESOLVE(channel_convert)
#undef RESOLVE
        orientd_library_opened(&libiio);
        *opened = 1;
        return NULL;
}

int orientd_iio_unload(void) {
        if (replacement) {
                if (replaced_users > 0)
                        replaced_users--;
                return 0;
        }
        return orientd_library_release(&libiio);
}
