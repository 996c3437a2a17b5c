/* Test fault for orientd's end-to-end suite, preloaded before umockdev's library: while the
 * file named by ORIENTD_FAULT_EAGAIN exists, every read() of an IIO device node fails with
 * EAGAIN, although the node stays readable for poll() (the fake keeps writing scans into it).
 * This is the state a driver can leave a buffer in, and no fake sysfs produces it by itself.
 * The number of reads answered so is kept in the file FLAG.hits, so a test knows the fault
 * was met. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ssize_t (*next_read)(int, void *, size_t);
static unsigned long hits;

static void count_hit(const char *flag)
{
    char path[4096], text[32];
    hits++;
    snprintf(path, sizeof path, "%s.hits", flag);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    int n = snprintf(text, sizeof text, "%lu\n", hits);
    if (write(fd, text, (size_t)n) < 0) {
        /* the count is advisory */
    }
    close(fd);
}

static int is_iio_node(int fd)
{
    char link[64], target[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n <= 0)
        return 0;
    target[n] = '\0';
    return strstr(target, "/dev/iio:device") != NULL;
}

ssize_t read(int fd, void *buf, size_t count)
{
    if (!next_read)
        next_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    const char *flag = getenv("ORIENTD_FAULT_EAGAIN");
    if (flag && access(flag, F_OK) == 0 && is_iio_node(fd)) {
        count_hit(flag);
        errno = EAGAIN;
        return -1;
    }
    return next_read(fd, buf, count);
}
