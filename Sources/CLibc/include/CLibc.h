#ifndef ORIENTD_CLIBC_H
#define ORIENTD_CLIBC_H

/* The C library as the daemon's Swift modules see it. Embedded Swift has no Glibc module, so
   the daemon imports libc through this header in both build modes; it is the one place that
   knows the difference. orientctl imports it too (it is built the same way); the test support may keep using Glibc. */

#include <errno.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* errno is a macro Swift cannot import. */
int orientd_errno(void);

/* Variadic calls and macros Swift cannot import. */
static inline int orientd_open(const char *path, int flags, unsigned mode) { return open(path, flags, mode); }
static inline int orientd_dup_cloexec(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 3); }
/* environ is declared only under _GNU_SOURCE (orientctl lock hands it to the command it runs). */
static inline char **orientd_environ(void) { extern char **environ; return environ; }
static inline void orientd_ignore_signal(int signal) { (void) sigaction(signal, &(struct sigaction){ .sa_handler = SIG_IGN }, NULL); }

/* The process's arguments as main received them (Embedded Swift has no CommandLine). */
int orientd_argc(void);
char *const *orientd_argv(void);

/* The daemon's memory (memory.c): malloc settings for a single-threaded process, set before
   anything is allocated; and, once it idles, the heap's free pages and the executable's
   resident code and constants handed back to the kernel (re-read from the file if run again). */
void orientd_memory_configure(void);
void orientd_memory_release(void);

/* A shared library dlopen()ed only while in use (Sources/CLibc/library.c): `table` is the
 * struct of its function pointers, one for each of `functions` (names after `prefix`, in the
 * struct's order, NULL-terminated), cleared before every dlclose. load opens it and resolves
 * every function, or counts one more user (NULL; *opened is 1 when this call opened it), or
 * says why not (a missing function closes it again); release closes it after the last user (1
 * when it did). While `replacement` is set (a test's fake table) load and release do nothing
 * and table gives the replacement. */
struct orientd_library {
        const char *soname;
        const char *prefix;
        const char *const *functions;
        void *table;
        size_t table_size;
        const void *replacement;
        void *handle;
        unsigned users;
};
const char *orientd_library_load(struct orientd_library *library, int *opened);
int orientd_library_release(struct orientd_library *library);
const void *orientd_library_table(const struct orientd_library *library);

/* Defines `accessor`, giving the one orientd_library of `soname`: its table a `struct api`,
 * one pointer per function that `FUNCTIONS` names (an X-macro, F(name) each, in the struct's
 * order; the header that declares `struct api` declares it from the same list). */
#define ORIENTD_FUNCTION_NAME(name) #name,
#define ORIENTD_LIBRARY(accessor, soname, prefix, api, FUNCTIONS) \
        struct orientd_library *accessor(void) { \
                static const char *const functions[] = { FUNCTIONS(ORIENTD_FUNCTION_NAME) NULL }; \
                static struct api table; \
                _Static_assert(sizeof table == (sizeof functions / sizeof *functions - 1) * sizeof(void *), \
                               "one pointer per function"); \
                static struct orientd_library library = { soname, prefix, functions, &table, sizeof table, NULL, NULL, 0 }; \
                return &library; \
        }

#endif
