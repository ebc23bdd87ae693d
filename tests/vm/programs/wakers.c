/* vm-wakers: reads S and N from its input; N threads, all on CPU 0, wake together every 0.5 s
 * and busy-loop 20 us each, while the main thread sleeps S seconds and then prints "ok". The
 * case is idle nearly all the time, but its threads' summed wait for the CPU can outgrow the
 * wall time (issue 46), so it must still be TLE at the wall bound. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void *waker(void *unused) {
    (void)unused;
    const long long period = 500000000LL;
    for (;;) {
        long long next = (now_ns(CLOCK_MONOTONIC) / period + 1) * period;
        struct timespec at = {next / 1000000000LL, next % 1000000000LL};
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL);
        long long start = now_ns(CLOCK_MONOTONIC);
        while (now_ns(CLOCK_MONOTONIC) - start < 20000) {
        }
    }
    return NULL;
}

int main(void) {
    unsigned seconds, threads;
    if (scanf("%u %u", &seconds, &threads) != 2 || threads > 1000)
        return 2;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    sched_setaffinity(0, sizeof one, &one);
    pthread_attr_t small;
    pthread_attr_init(&small);
    pthread_attr_setstacksize(&small, 64 * 1024);
    for (unsigned i = 0; i < threads; i++) {
        pthread_t thread;
        if (pthread_create(&thread, &small, waker, NULL) != 0)
            return 3;
    }
    sleep(seconds);
    printf("ok\n");
    fflush(stdout);
    return 0;
}
