#include "CLibc.h"

#include <dlfcn.h>
#include <string.h>

/* A shared library opened only while in use (libiio, libevdev): counted opens, and no pointer
 * into it outlives the dlclose (the table of its functions is cleared first). */

int orientd_library_begin(struct orientd_library *library, const char **error) {
        *error = NULL;
        if (library->users > 0) {
                library->users++;
                return 1;
        }
        library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (library->handle)
                return 0;
        *error = dlerror();
        return 1;
}

void *orientd_library_symbol(struct orientd_library *library, const char *name) {
        return dlsym(library->handle, name);
}

static void close_library(struct orientd_library *library) {
        memset(library->table, 0, library->table_size);
        dlclose(library->handle);
        library->handle = NULL;
}

const char *orientd_library_failed(struct orientd_library *library, const char *name) {
        /* Copied first: dlclose may reuse dlerror's buffer. */
        static char message[256];
        const char *e = dlerror();
        if (e)
                snprintf(message, sizeof message, "%s", e);
        else
                snprintf(message, sizeof message, "%s lacks %s", library->soname, name);
        close_library(library);
        return message;
}

void orientd_library_opened(struct orientd_library *library) {
        library->users = 1;
}

int orientd_library_release(struct orientd_library *library) {
        if (library->users == 0 || --library->users > 0)
                return 0;
        close_library(library);
        return 1;
}
