/* vm-sum: a correct program. Reads two integers and prints their sum. */
#include <stdio.h>

int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2)
        return 2;
    printf("%ld\n", a + b);
    return 0;
}
