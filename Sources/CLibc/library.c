#include "CLibc.h"

#include <dlfcn.h>
#include <string.h>

/* A shared library opened only while in use (libiio, libevdev): counted opens, and no pointer
 * into it outlives the dlclose (the table of its functions is cleared first). */

static void close_library(struct orientd_library *library) {
        memset(library->table, 0, library->table_size);
        dlclose(library->handle);
        library->handle = NULL;
}

static const char *failed(struct orientd_library *library, const char *name) {
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

const char *orientd_library_load(struct orientd_library *library, int *opened) {
        if (opened)
                *opened = 0;
        if (library->replacement)
                return NULL;
        if (library->users > 0) {
                library->users++;
                return NULL;
        }
        library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (!library->handle)
                return dlerror();
        /* The table is the functions' pointers in order (ORIENTD_LIBRARY checks its size). */
        void **slot = library->table;
        for (const char *const *name = library->functions; *name; name++, slot++) {
                char symbol[128];
                snprintf(symbol, sizeof symbol, "%s%s", library->prefix, *name);
                if (!(*slot = dlsym(library->handle, symbol)))
                        return failed(library, symbol);
        }
        library->users = 1;
        if (opened)
                *opened = 1;
        return NULL;
}

int orientd_library_release(struct orientd_library *library) {
        if (library->replacement || library->users == 0 || --library->users > 0)
                return 0;
        close_library(library);
        return 1;
}

const void *orientd_library_table(const struct orientd_library *library) {
        return library->replacement ? library->replacement : library->table;
}
