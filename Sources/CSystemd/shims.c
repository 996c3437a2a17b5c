#include "CSystemd.h"

sd_bus_vtable orientd_vtable_start(uint64_t flags) {
        const sd_bus_vtable row[] = { SD_BUS_VTABLE_START(flags) };
        return row[0];
}

sd_bus_vtable orientd_vtable_method(const char *member, const char *signature, const char *result,
                                    const char *names, sd_bus_message_handler_t handler, uint64_t flags) {
        sd_bus_vtable row[] = { SD_BUS_METHOD_WITH_NAMES(NULL, NULL, "", NULL, "", NULL, 0) };
        row[0].flags = flags;
        row[0].x.method.member = member;
        row[0].x.method.signature = signature;
        row[0].x.method.result = result;
        row[0].x.method.handler = handler;
        row[0].x.method.names = names;
        return row[0];
}

sd_bus_vtable orientd_vtable_property(const char *member, const char *signature,
                                      sd_bus_property_get_t getter, uint64_t flags) {
        sd_bus_vtable row[] = { SD_BUS_PROPERTY(NULL, NULL, NULL, 0, 0) };
        row[0].flags = flags;
        row[0].x.property.member = member;
        row[0].x.property.signature = signature;
        row[0].x.property.get = getter;
        return row[0];
}

sd_bus_vtable orientd_vtable_signal(const char *member, const char *signature, const char *names,
                                    uint64_t flags) {
        sd_bus_vtable row[] = { SD_BUS_SIGNAL_WITH_NAMES(NULL, NULL, "", 0) };
        row[0].flags = flags;
        row[0].x.signal.member = member;
        row[0].x.signal.signature = signature;
        row[0].x.signal.names = names;
        return row[0];
}

sd_bus_vtable orientd_vtable_end(void) {
        const sd_bus_vtable row[] = { SD_BUS_VTABLE_END };
        return row[0];
}

int orientd_reply_string(sd_bus_message *call, const char *value) {
        return sd_bus_reply_method_return(call, "s", value);
}

int orientd_reply_empty(sd_bus_message *call) {
        return sd_bus_reply_method_return(call, "");
}

int orientd_reply_ddd(sd_bus_message *call, double x, double y, double z) {
        return sd_bus_reply_method_return(call, "ddd", x, y, z);
}

int orientd_emit_signal_ss(sd_bus *bus, const char *path, const char *interface, const char *member,
                           const char *first, const char *second) {
        return sd_bus_emit_signal(bus, path, interface, member, "ss", first, second);
}

int orientd_call_no_args(sd_bus *bus, const char *destination, const char *path,
                         const char *interface, const char *member, sd_bus_error *error,
                         sd_bus_message **reply) {
        return sd_bus_call_method(bus, destination, path, interface, member, error, reply, "");
}

int orientd_call_string(sd_bus *bus, const char *destination, const char *path,
                        const char *interface, const char *member, sd_bus_error *error,
                        sd_bus_message **reply, const char *argument) {
        return sd_bus_call_method(bus, destination, path, interface, member, error, reply, "s", argument);
}

int orientd_notify(const char *state) {
        return sd_notify(0, state);
}

static int orientd_path_filter(sd_bus_message *m, void *userdata, sd_bus_error *error) {
        const char *const *paths = userdata;
        uint8_t type = 0;
        if (sd_bus_message_get_type(m, &type) < 0 || type != SD_BUS_MESSAGE_METHOD_CALL)
                return 0;
        const char *interface = sd_bus_message_get_interface(m);
        if (interface && strcmp(interface, "org.freedesktop.DBus.Peer") == 0)
                return 0;
        const char *path = sd_bus_message_get_path(m);
        if (!path)
                return 0;
        for (const char *const *p = paths; *p; p++)
                if (strcmp(path, *p) == 0)
                        return 0;
        /* The path itself is not echoed: it may be 64 KiB long. */
        (void) sd_bus_reply_method_errorf(m, SD_BUS_ERROR_UNKNOWN_OBJECT, "orientd has no object at this path");
        return 1;
}

int orientd_add_path_filter(sd_bus *bus, sd_bus_slot **slot, const char *const *paths) {
        return sd_bus_add_filter(bus, slot, orientd_path_filter, (void *) paths);
}

int orientd_call_async_ssss(sd_bus *bus, sd_bus_slot **slot, const char *destination, const char *path,
                            const char *interface, const char *member, sd_bus_message_handler_t callback,
                            void *userdata, const char *a, const char *b, const char *c, const char *d) {
        return sd_bus_call_method_async(bus, slot, destination, path, interface, member, callback, userdata,
                                        "ssss", a, b, c, d);
}

int orientd_reply_error(sd_bus_message *call, const char *name, const char *message) {
        return sd_bus_reply_method_errorf(call, name, "%s", message);
}

int orientd_call_async_check_authorization(sd_bus *bus, sd_bus_slot **slot, const char *destination,
                                           const char *path, const char *interface, const char *member,
                                           sd_bus_message_handler_t callback, void *userdata,
                                           const char *subject_kind, const char *subject_key,
                                           const char *subject_name, const char *action) {
        /* (sa{sv})sa{ss}us: the subject (kind, {key: name}), the action, no details, flags 0
         * (no interaction), no cancellation id. */
        return sd_bus_call_method_async(bus, slot, destination, path, interface, member, callback, userdata,
                                        "(sa{sv})sa{ss}us", subject_kind, 1, subject_key, "s", subject_name,
                                        action, 0, (uint32_t) 0, "");
}

int orientd_read_authorization(sd_bus_message *reply, int *authorized) {
        int a = 0, challenge = 0;
        int r = sd_bus_message_enter_container(reply, 'r', "bba{ss}");
        if (r < 0)
                return r;
        r = sd_bus_message_read(reply, "bb", &a, &challenge);
        if (r < 0)
                return r;
        *authorized = a;
        return 0;
}
