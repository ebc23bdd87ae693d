/* vm-orphan: reads COUNT and MS from its input. COUNT times, one after another: a child
 * forks a worker and ends at once, so the worker is an orphan; the worker busy-loops MS
 * milliseconds of its own CPU time and ends, unwaited for by the program, which only waits
 * for the end of a pipe the worker holds. Then it prints "ok". The case's CPU time is then at
 * least COUNT x MS milliseconds, all of it spent by orphans. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}

int main(void) {
    int count, ms;
    if (scanf("%d %d", &count, &ms) != 2 || count < 0 || ms < 0)
        return 2;
    for (int i = 0; i < count; i++) {
        int ends[2];
        if (pipe(ends) != 0)
            return 3;
        pid_t child = fork();
        if (child < 0)
            return 4;
        if (child == 0) {
            if (fork() == 0) {
                close(ends[0]);
                double start = cpu_seconds();
                while (cpu_seconds() - start < ms / 1000.0) {
                }
            }
            _exit(0);
        }
        close(ends[1]);
        waitpid(child, NULL, 0);
        char byte;
        while (read(ends[0], &byte, 1) > 0) {
        }
        close(ends[0]);
    }
    printf("ok\n");
    return 0;
}
