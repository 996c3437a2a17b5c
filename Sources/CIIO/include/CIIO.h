#ifndef ORIENTD_CIIO_H
#define ORIENTD_CIIO_H

#include <iio.h>

/* libiio is loaded only while orientd uses it: it links libxml2, ICU, libusb, avahi and
   libdbus, about 1.7 MB of resident pages that an idle daemon does not need.
   orientd_iio_load() opens it (NULL on success, else the reason; *opened is 1 when this call
   opened the library) and counts users; orientd_iio_unload() drops one user and closes the
   library after the last (returns 1 then). What a program does when it comes and goes (the
   daemon hands memory back) is the program's: IIOLibraryEvents.
   Every libiio function orientd calls is reached through the table below. */

const char *orientd_iio_load(int *opened);
int orientd_iio_unload(void);

struct orientd_iio_api {
        __typeof__(iio_create_local_context) *create_local_context;
        __typeof__(iio_context_destroy) *context_destroy;
        __typeof__(iio_context_find_device) *context_find_device;
        __typeof__(iio_context_get_devices_count) *context_get_devices_count;
        __typeof__(iio_context_get_device) *context_get_device;
        __typeof__(iio_device_get_id) *device_get_id;
        __typeof__(iio_device_get_name) *device_get_name;
        __typeof__(iio_device_is_trigger) *device_is_trigger;
        __typeof__(iio_device_find_channel) *device_find_channel;
        __typeof__(iio_device_attr_read) *device_attr_read;
        __typeof__(iio_device_attr_write) *device_attr_write;
        __typeof__(iio_device_get_trigger) *device_get_trigger;
        __typeof__(iio_device_set_trigger) *device_set_trigger;
        __typeof__(iio_device_create_buffer) *device_create_buffer;
        __typeof__(iio_channel_get_id) *channel_get_id;
        __typeof__(iio_channel_is_scan_element) *channel_is_scan_element;
        __typeof__(iio_channel_attr_read) *channel_attr_read;
        __typeof__(iio_channel_enable) *channel_enable;
        __typeof__(iio_channel_disable) *channel_disable;
        __typeof__(iio_channel_get_data_format) *channel_get_data_format;
        __typeof__(iio_buffer_destroy) *buffer_destroy;
        __typeof__(iio_buffer_get_poll_fd) *buffer_get_poll_fd;
        __typeof__(iio_buffer_set_blocking_mode) *buffer_set_blocking_mode;
        __typeof__(iio_buffer_refill) *buffer_refill;
        __typeof__(iio_buffer_step) *buffer_step;
        __typeof__(iio_buffer_end) *buffer_end;
        __typeof__(iio_buffer_first) *buffer_first;
        __typeof__(iio_channel_convert) *channel_convert;
        __typeof__(iio_device_get_channels_count) *device_get_channels_count;
        __typeof__(iio_device_get_channel) *device_get_channel;
        __typeof__(iio_channel_get_index) *channel_get_index;
};

/* The IIO event interface of an open device node (/dev/iio:deviceN): a new non-blocking,
   close-on-exec descriptor that reads `struct iio_event_data` records (IIO_GET_EVENT_FD_IOCTL),
   or -errno (ENODEV: the driver has no events; EBUSY: another process holds them). libiio
   0.24 has no event API. */
int orientd_iio_event_fd(int chardev);

/* The table; valid between a successful orientd_iio_load() and the matching unload. */
const struct orientd_iio_api *orientd_iio_table(void);

/* Replaces libiio by `table` (a fake, in tests) until called with NULL; only while no
   context exists. */
void orientd_iio_replace_table(const struct orientd_iio_api *table);

#endif
