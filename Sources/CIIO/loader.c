#include "CIIO.h"

#include <stddef.h>
#include <time.h>

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

/* A sensor stopped (libiio unloaded): what loading libiio and starting or stopping the sensor
 * alone needed (pages of libiio's libraries,
 * of the daemon's code, the heap's free pages) goes back to the kernel once the loop has finished
 * that step (orientd_memory_release_soon); what reading needs is read in again as it runs. One-shot reads (a property read while nothing runs) load and
 * unload libiio each time; at most one release per this interval bounds the code re-read from
 * the file for a client that keeps asking. */
static const time_t release_interval_s = 2;
/* After a sensor started: its first reading is in (Begin -> first orientation 20-25 ms) and
 * its fast reads (600 ms, ReaderOptions.movementHoldUs) are still running. */
static const unsigned sensor_started_ms = 300;

static void release_memory(void) {
        static struct timespec last;
        struct timespec now;
        if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
                return;
        if (last.tv_sec != 0 && now.tv_sec - last.tv_sec < release_interval_s)
                return;
        last = now;
        orientd_memory_release_soon();
}

const char *orientd_iio_load(void) {
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
        /* Once more while the sensor's first fast reads run (after the first reading, which a
         * Begin waits for): what only loading libiio and the start ran goes back, and the
         * reads themselves fault their pages in again while they are still fast, not later at
         * rest (a release at 1 s put those faults in the rest reads: a motion detector's rest
         * wake-ups rose from at most 2.5 to 4 a second, Tests/e2e/test_motion_events.py). */
        orientd_memory_release_after_ms(sensor_started_ms);
        return NULL;
}

void orientd_iio_unload(void) {
        if (replacement) {
                if (replaced_users > 0)
                        replaced_users--;
                return;
        }
        if (orientd_library_release(&libiio))
                release_memory();
}
