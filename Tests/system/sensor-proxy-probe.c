/* A net.hadess.SensorProxy client for the system test's comparison of orientd's compatibility
 * interface with iio-sensor-proxy (check 9 of Tests/system/checks). What monitor-sensor cannot
 * show: whether ClaimAccelerometer returns before or after the first reading.
 *   sensor-proxy-probe        claim the accelerometer, print what the properties hold once the
 *                             claim returns, then every PropertiesChanged until killed
 * Output, one line each, flushed at once:
 *   claim: <ms> ms                     how long ClaimAccelerometer took to return
 *   after-claim: <Name>=<value> …      HasAccelerometer, AccelerometerOrientation, AccelerometerTilt
 *   changed: <Name>=<value>            one line per property in each PropertiesChanged
 *   error: <text>                      a failed call (exit status 1)
 * Leaving the bus (killed) releases the claim, as for any client. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <systemd/sd-bus.h>

static const char *service = "net.hadess.SensorProxy";
static const char *path = "/net/hadess/SensorProxy";
static const char *interface = "net.hadess.SensorProxy";
/* The daemon reads the sensor before it answers a claim; a software-emulated guest on a busy
 * host can take seconds. Longer than that is a hang. */
static const uint64_t call_timeout_us = 30 * 1000000ULL;

static double now_ms(void) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Prints a variant holding b, s or d as text; other types as their signature. */
static int print_variant(sd_bus_message *m) {
        const char *contents = NULL;
        char type;
        int r = sd_bus_message_peek_type(m, &type, &contents);
        if (r < 0)
                return r;
        r = sd_bus_message_enter_container(m, SD_BUS_TYPE_VARIANT, contents);
        if (r < 0)
                return r;
        if (strcmp(contents, "b") == 0) {
                int b;
                if ((r = sd_bus_message_read(m, "b", &b)) < 0)
                        return r;
                printf("%s", b ? "true" : "false");
        } else if (strcmp(contents, "s") == 0) {
                const char *s;
                if ((r = sd_bus_message_read(m, "s", &s)) < 0)
                        return r;
                printf("%s", s);
        } else if (strcmp(contents, "d") == 0) {
                double d;
                if ((r = sd_bus_message_read(m, "d", &d)) < 0)
                        return r;
                printf("%g", d);
        } else {
                printf("<%s>", contents);
                if ((r = sd_bus_message_skip(m, contents)) < 0)
                        return r;
        }
        return sd_bus_message_exit_container(m);
}

static int on_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
        (void) userdata;
        (void) error;
        const char *iface;
        int r = sd_bus_message_read(m, "s", &iface);
        if (r < 0 || strcmp(iface, interface) != 0)
                return 0;
        if ((r = sd_bus_message_enter_container(m, SD_BUS_TYPE_ARRAY, "{sv}")) < 0)
                return 0;
        while ((r = sd_bus_message_enter_container(m, SD_BUS_TYPE_DICT_ENTRY, "sv")) > 0) {
                const char *name;
                if (sd_bus_message_read(m, "s", &name) < 0)
                        break;
                printf("changed: %s=", name);
                print_variant(m);
                printf("\n");
                sd_bus_message_exit_container(m);
        }
        fflush(stdout);
        return 0;
}

static int print_property(sd_bus *bus, const char *name) {
        sd_bus_error error = SD_BUS_ERROR_NULL;
        sd_bus_message *reply = NULL;
        int r = sd_bus_call_method(bus, service, path, "org.freedesktop.DBus.Properties", "Get", &error, &reply,
                                   "ss", interface, name);
        if (r < 0) {
                printf("\nerror: Get %s: %s\n", name, error.message ? error.message : strerror(-r));
                sd_bus_error_free(&error);
                return r;
        }
        printf(" %s=", name);
        r = print_variant(reply);
        sd_bus_message_unref(reply);
        return r;
}

int main(void) {
        sd_bus *bus = NULL;
        setvbuf(stdout, NULL, _IOLBF, 0);
        int r = sd_bus_open_system(&bus);
        if (r < 0) {
                printf("error: system bus: %s\n", strerror(-r));
                return 1;
        }
        r = sd_bus_match_signal(bus, NULL, NULL, path, "org.freedesktop.DBus.Properties",
                                "PropertiesChanged", on_changed, NULL);
        if (r < 0) {
                printf("error: match: %s\n", strerror(-r));
                return 1;
        }
        sd_bus_message *call = NULL, *reply = NULL;
        sd_bus_error error = SD_BUS_ERROR_NULL;
        r = sd_bus_message_new_method_call(bus, &call, service, path, interface, "ClaimAccelerometer");
        if (r < 0) {
                printf("error: ClaimAccelerometer: %s\n", strerror(-r));
                return 1;
        }
        double t0 = now_ms();
        r = sd_bus_call(bus, call, call_timeout_us, &error, &reply);
        double t1 = now_ms();
        if (r < 0) {
                printf("error: ClaimAccelerometer: %s\n", error.message ? error.message : strerror(-r));
                return 1;
        }
        sd_bus_message_unref(reply);
        sd_bus_message_unref(call);
        printf("claim: %.0f ms\n", t1 - t0);
        printf("after-claim:");
        if (print_property(bus, "HasAccelerometer") < 0 || print_property(bus, "AccelerometerOrientation") < 0
            || print_property(bus, "AccelerometerTilt") < 0)
                return 1;
        printf("\n");
        for (;;) {
                r = sd_bus_process(bus, NULL);
                if (r < 0) {
                        printf("error: bus: %s\n", strerror(-r));
                        return 1;
                }
                if (r > 0)
                        continue;
                r = sd_bus_wait(bus, UINT64_MAX);
                if (r < 0 && r != -EINTR) {
                        printf("error: wait: %s\n", strerror(-r));
                        return 1;
                }
        }
}
