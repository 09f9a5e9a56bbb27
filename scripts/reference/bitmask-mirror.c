/* Reference counter for side-by-side timing: the bitmask backtracking with mirror
   symmetry (first-row queen in the left half counted twice, the middle column once for odd n).
   Build: cc -O2 -o bitmask-mirror bitmask-mirror.c      Run: ./bitmask-mirror N   -> "N COUNT" */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t full;

static uint64_t solve(uint32_t cols, uint32_t ld, uint32_t rd)
{
    if (cols == full)
        return 1;
    uint64_t count = 0;
    uint32_t avail = full & ~(cols | ld | rd);
    while (avail) {
        uint32_t bit = avail & -avail;
        avail ^= bit;
        count += solve(cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
    }
    return count;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1 || n > 31) {
        fprintf(stderr, "usage: %s N   (1 <= N <= 31)\n", argv[0]);
        return 1;
    }
    full = (1u << n) - 1;
    uint64_t total = 0;
    for (int c = 0; c < n / 2; c++) {
        uint32_t b = 1u << c;
        total += 2 * solve(b, (b << 1) & full, b >> 1);
    }
    if (n & 1) {
        uint32_t b = 1u << (n / 2);
        total += solve(b, (b << 1) & full, b >> 1);
    }
    printf("%d %llu\n", n, (unsigned long long)total);
    return 0;
}
