/* vm-alloc: reads N from its input, allocates N MiB and touches every page of it, then
 * prints "ok". */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long mib;
    if (scanf("%ld", &mib) != 1 || mib <= 0)
        return 2;
    size_t size = (size_t)mib << 20;
    volatile char *block = malloc(size);
    if (block == NULL)
        return 3;
    for (size_t i = 0; i < size; i += 4096)
        block[i] = 1;
    printf("ok\n");
    return block[size / 2] == 1 ? 0 : 4;
}
