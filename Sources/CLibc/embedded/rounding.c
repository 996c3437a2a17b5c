/* Linked only into the Embedded Swift build (scripts/build-embedded). The three libm functions
   the daemon's code needs (Double.rounded(), .squareRoot(), and the standard library's
   Dictionary sizing) without loading libm, whose pages are about 370 KB of the daemon's
   VmRSS. Exact for every double: below 2^52 the integer part fits an int64_t and x - trunc(x)
   is exact; at or above it, and for infinities and NaN, x is already integral. */
#include <stdint.h>

static int is_integral_already(double x) {
        double a = x < 0 ? -x : x;
        return !(a < 4503599627370496.0); /* 2^52; also true for NaN */
}

static double with_sign_of(double value, double sign) {
        return __builtin_copysign(value, sign);
}

double ceil(double x) {
        if (is_integral_already(x))
                return x;
        double t = (double)(int64_t)x; /* toward zero */
        if (t < x)
                t += 1.0;
        return with_sign_of(t, x); /* ceil(-0.5) is -0.0 */
}

double round(double x) {
        if (is_integral_already(x))
                return x;
        double t = (double)(int64_t)x;
        double fraction = x - t;
        if (fraction >= 0.5)
                t += 1.0;
        else if (fraction <= -0.5)
                t -= 1.0;
        return with_sign_of(t, x);
}

double sqrt(double x) {
        double r;
        __asm__("sqrtsd %1, %0" : "=x"(r) : "x"(x));
        return r;
}
