/* Sources/CLibc/embedded/rounding.c replaces libm's ceil, round and sqrt in the Embedded
   orientd. Built with those names mapped to my_* (scripts/test), it must return the same
   bits as glibc for edge cases and two million pseudo-random doubles. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

double my_ceil(double);
double my_round(double);
double my_sqrt(double);

static int same(double a, double b) {
        return memcmp(&a, &b, sizeof a) == 0 || (a != a && b != b);
}

int main(void) {
        const double edges[] = {
                0.0, -0.0, 0.5, -0.5, 0.49999999999999994, -0.49999999999999994, 1.5, -1.5, 2.5, -2.5,
                1e15 + 0.5, 4503599627370495.5, -4503599627370495.5, 4503599627370496.0, 9007199254740993.0,
                1e300, -1e300, INFINITY, -INFINITY, NAN, 0.1, -0.1, 0.9999999999999999, -0.9999999999999999,
                123.456, -123.456, 2.0, -3.0, 5e-324, -5e-324,
        };
        const int n_edges = sizeof edges / sizeof edges[0];
        uint64_t state = 88172645463325252ULL;
        int mismatches = 0;
        for (int i = 0; i < n_edges + 2000000; i++) {
                double x;
                if (i < n_edges) {
                        x = edges[i];
                } else {
                        state ^= state << 13; state ^= state >> 7; state ^= state << 17;
                        if (i % 2) /* any bit pattern */
                                memcpy(&x, &state, sizeof x);
                        else /* values near the integers the daemon rounds */
                                x = (double)(int64_t)(state % 2000001) - 1000000.0 + (double)(state >> 40) / (1 << 24);
                }
                if (!same(ceil(x), my_ceil(x)) && mismatches++ < 5) printf("ceil(%.17g)\n", x);
                if (!same(round(x), my_round(x)) && mismatches++ < 5) printf("round(%.17g)\n", x);
                if (x >= 0 && !same(sqrt(x), my_sqrt(x)) && mismatches++ < 5) printf("sqrt(%.17g)\n", x);
        }
        printf("rounding: %d mismatches against glibc\n", mismatches);
        return mismatches != 0;
}
