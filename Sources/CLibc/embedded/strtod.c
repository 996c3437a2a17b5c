/* Linked only into the Embedded Swift build (scripts/build-embedded; Package.swift excludes
   this directory). Double(String) in the standard library calls this runtime entry point,
   which the normal Swift runtime provides and Embedded Swift leaves to the program: parse a
   double in the C locale, whatever the process locale is, and return where parsing stopped
   (the caller accepts the text only if that is its end). */
#define _GNU_SOURCE
#include <locale.h>
#include <stdlib.h>

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
        static locale_t c_locale;
        if (c_locale == (locale_t)0)
                c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
        char *end;
        *result = strtod_l(text, &end, c_locale);
        return end;
}
