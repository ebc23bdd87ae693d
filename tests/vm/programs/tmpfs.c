/* vm-tmpfs: reads N from its input and writes N MiB into a file in /tmp (the box's own tmpfs),
 * 1 MiB at a time, keeping it; exits 3 when a write fails, else prints "ok". */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    long mib;
    if (scanf("%ld", &mib) != 1 || mib <= 0)
        return 2;
    static char chunk[1 << 20];
    memset(chunk, 'x', sizeof chunk);
    int file = open("/tmp/vm-tmpfs-fill", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (file < 0)
        return 3;
    for (long i = 0; i < mib; i++)
        if (write(file, chunk, sizeof chunk) != (ssize_t)sizeof chunk)
            return 3;
    printf("ok\n");
    return 0;
}
