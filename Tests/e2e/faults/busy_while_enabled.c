/* Test fault for orientd's end-to-end suite, preloaded before umockdev's library: a write()
 * to a buffered IIO device's trigger/current_trigger, buffer/length, buffer/watermark,
 * sampling_frequency or scan_elements/ *_en fails with EBUSY while the device's buffer/enable
 * reads 1, as the kernel's industrialio-buffer.c and industrialio-trigger.c refuse them (and
 * many drivers a new sampling frequency) while the buffer runs. A fake sysfs takes any write
 * at any time; this makes the order of a daemon's writes matter as it does on a real device.
 * Each refused write appends the file's path to the file named by ORIENTD_FAULT_BUSY_LOG
 * when set. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ssize_t (*next_write)(int, const void *, size_t);
static ssize_t (*next_read)(int, void *, size_t);

static const char *const guarded[] = {
    "/trigger/current_trigger", "/buffer/length", "/buffer/watermark", "/sampling_frequency", NULL,
};

/* The device folder of a guarded attribute at `path` (cut in place), or NULL. */
static char *guarded_device(char *path)
{
    size_t n = strlen(path);
    for (int i = 0; guarded[i]; i++) {
        size_t g = strlen(guarded[i]);
        if (n > g && strcmp(path + n - g, guarded[i]) == 0) {
            path[n - g] = '\0';
            return path;
        }
    }
    char *scan = strstr(path, "/scan_elements/");
    if (scan && n > 3 && strcmp(path + n - 3, "_en") == 0) {
        *scan = '\0';
        return path;
    }
    return NULL;
}

static int buffer_running(const char *device)
{
    char path[4200], text[8] = {0};
    snprintf(path, sizeof path, "%s/buffer/enable", device);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    if (!next_read)
        next_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    ssize_t n = next_read(fd, text, sizeof text - 1);
    close(fd);
    return n > 0 && text[0] == '1';
}

static void note(const char *path)
{
    const char *log = getenv("ORIENTD_FAULT_BUSY_LOG");
    if (!log)
        return;
    FILE *f = fopen(log, "a");
    if (!f)
        return;
    fprintf(f, "%s\n", path);
    fclose(f);
}

/* Whether the file open as `fd` is a guarded attribute of a device whose buffer runs. */
static int busy(int fd, char *target, size_t size)
{
    char link[64], device[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, size - 1);
    if (n <= 0 || (size_t)n >= sizeof device)
        return 0;
    target[n] = '\0';
    memcpy(device, target, (size_t)n + 1);
    return strstr(target, "iio:device") && guarded_device(device) && buffer_running(device);
}

static int (*next_open)(const char *, int, ...);
static int (*next_ftruncate)(int, off_t);

/* A sysfs attribute is not emptied by O_TRUNC: the flag is dropped for guarded attributes,
 * and a write that is taken truncates the file first (the fake holds one value). */
static int open_guarded(const char *name, const char *path, int flags, mode_t mode)
{
    if (!next_open)
        next_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, name);
    char copy[4096];
    if ((flags & O_TRUNC) && strstr(path, "iio:device") && strlen(path) < sizeof copy) {
        strcpy(copy, path);
        if (guarded_device(copy))
            flags &= ~O_TRUNC;
    }
    return next_open(path, flags, mode);
}

#define OPEN_WRAPPER(symbol)                                        \
    int symbol(const char *path, int flags, ...)                    \
    {                                                               \
        va_list ap;                                                 \
        va_start(ap, flags);                                        \
        mode_t mode = (flags & O_CREAT) ? va_arg(ap, mode_t) : 0;   \
        va_end(ap);                                                 \
        return open_guarded(#symbol, path, flags, mode);            \
    }
OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)

ssize_t write(int fd, const void *buf, size_t count)
{
    if (!next_write)
        next_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
    char target[4096] = {0}, copy[4096];
    if (busy(fd, target, sizeof target)) {
        note(target);
        errno = EBUSY;
        return -1;
    }
    memcpy(copy, target, sizeof copy);
    if (strstr(target, "iio:device") && guarded_device(copy)) {
        if (!next_ftruncate)
            next_ftruncate = (int (*)(int, off_t))dlsym(RTLD_NEXT, "ftruncate");
        next_ftruncate(fd, 0);
    }
    return next_write(fd, buf, count);
}
