#ifndef ORIENTD_CIIO_H
#define ORIENTD_CIIO_H

#include <iio.h>

/* libiio is loaded only while orientd uses it: it links libxml2, ICU, libusb, avahi and
   libdbus, about 1.7 MB of resident pages that an idle daemon does not need.
   orientd_libiio() is the library (CLibc.h's orientd_library: load, release, table, and a
   replacement table for tests). What a program does when it comes and goes (the daemon hands
   memory back) is the program's: IIOLibraryEvents. Every libiio function orientd calls is
   reached through its table, a struct orientd_iio_api. */

#include "CLibc.h"

struct orientd_library *orientd_libiio(void);

/* The libiio functions orientd calls (iio_<name>), in the table's order. */
#define ORIENTD_IIO_FUNCTIONS(F) \
        F(create_local_context) F(context_destroy) F(context_find_device) \
        F(context_get_devices_count) F(context_get_device) F(device_get_id) F(device_get_name) \
        F(device_is_trigger) F(device_find_channel) F(device_attr_read) F(device_attr_write) \
        F(device_get_trigger) F(device_set_trigger) F(device_create_buffer) F(channel_get_id) \
        F(channel_is_scan_element) F(channel_attr_read) F(channel_enable) F(channel_disable) \
        F(channel_get_data_format) F(buffer_destroy) F(buffer_get_poll_fd) \
        F(buffer_set_blocking_mode) F(buffer_refill) F(buffer_step) F(buffer_end) \
        F(buffer_first) F(channel_convert) F(device_get_channels_count) F(device_get_channel) \
        F(channel_get_index)

struct orientd_iio_api {
#define ORIENTD_IIO_POINTER(name) __typeof__(iio_##name) *name;
        ORIENTD_IIO_FUNCTIONS(ORIENTD_IIO_POINTER)
#undef ORIENTD_IIO_POINTER
};

/* The IIO event interface of an open device node (/dev/iio:deviceN): a new non-blocking,
   close-on-exec descriptor that reads `struct iio_event_data` records (IIO_GET_EVENT_FD_IOCTL),
   or -errno (ENODEV: the driver has no events; EBUSY: another process holds them). libiio
   0.24 has no event API. */
int orientd_iio_event_fd(int chardev);

#endif
