#ifndef ORIENTD_CSYSTEMD_H
#define ORIENTD_CSYSTEMD_H

#include <systemd/sd-bus.h>
#include <systemd/sd-event.h>
#include <systemd/sd-device.h>
#include <systemd/sd-daemon.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* What Swift cannot import from libsystemd: the SD_BUS_* vtable macros and the variadic
   reply and signal calls. Each helper does no more than the macro or call it stands for. */

/* Vtable rows, built with the official macros so the layout and the format reference are
   always libsystemd's own. `names` is a NUL-separated list of argument names (input names
   first, then output names), as SD_BUS_PARAM() would produce. */
sd_bus_vtable orientd_vtable_start(uint64_t flags);
sd_bus_vtable orientd_vtable_method(const char *member, const char *signature, const char *result,
                                    const char *names, sd_bus_message_handler_t handler, uint64_t flags);
sd_bus_vtable orientd_vtable_property(const char *member, const char *signature,
                                      sd_bus_property_get_t getter, uint64_t flags);
sd_bus_vtable orientd_vtable_signal(const char *member, const char *signature, const char *names,
                                    uint64_t flags);
sd_bus_vtable orientd_vtable_end(void);

/* sd_bus_reply_method_return(call, "s", value) and friends. */
int orientd_reply_string(sd_bus_message *call, const char *value);
int orientd_reply_empty(sd_bus_message *call);
int orientd_reply_ddd(sd_bus_message *call, double x, double y, double z);

/* sd_bus_emit_signal(bus, path, interface, member, "ss", first, second). */
int orientd_emit_signal_ss(sd_bus *bus, const char *path, const char *interface, const char *member,
                           const char *first, const char *second);

/* sd_bus_call_method(bus, destination, path, interface, member, error, reply, "") */
int orientd_call_no_args(sd_bus *bus, const char *destination, const char *path,
                         const char *interface, const char *member, sd_bus_error *error,
                         sd_bus_message **reply);

/* sd_bus_call_method(bus, destination, path, interface, member, error, reply, "s", argument) */
int orientd_call_string(sd_bus *bus, const char *destination, const char *path,
                        const char *interface, const char *member, sd_bus_error *error,
                        sd_bus_message **reply, const char *argument);

/* A bus filter that answers every method call on a path outside `paths` (a NULL-terminated
   list the caller keeps alive while the slot exists) with org.freedesktop.DBus.Error.UnknownObject
   before sd-bus looks the path up: its object lookup costs time in the path's length and
   depth, and anyone may call any path. org.freedesktop.DBus.Peer is answered on any path. */
int orientd_add_path_filter(sd_bus *bus, sd_bus_slot **slot, const char *const *paths);

/* sd_bus_call_method_async(bus, slot, destination, path, interface, member, callback,
   userdata, "ssss", a, b, c, d): logind's Inhibit() without blocking the loop. */
int orientd_call_async_ssss(sd_bus *bus, sd_bus_slot **slot, const char *destination, const char *path,
                            const char *interface, const char *member, sd_bus_message_handler_t callback,
                            void *userdata, const char *a, const char *b, const char *c, const char *d);

/* An error reply with a fixed message (no format). */
int orientd_reply_error(sd_bus_message *call, const char *name, const char *message);

/* polkit's CheckAuthorization(subject, action, {}, 0, "") without blocking; the subject is
 * (subject_kind, {subject_key: <subject_name>}). */
int orientd_call_async_check_authorization(sd_bus *bus, sd_bus_slot **slot, const char *destination,
                                           const char *path, const char *interface, const char *member,
                                           sd_bus_message_handler_t callback, void *userdata,
                                           const char *subject_kind, const char *subject_key,
                                           const char *subject_name, const char *action);

/* Reads is_authorized from CheckAuthorization's reply, (bba{ss}). */
int orientd_read_authorization(sd_bus_message *reply, int *authorized);

/* sd_notify(0, state) with the state already formatted. */
int orientd_notify(const char *state);

#endif
