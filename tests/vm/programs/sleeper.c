/* vm-sleeper: reads S from its input, sleeps S seconds, then prints "ok". */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    unsigned seconds;
    if (scanf("%u", &seconds) != 1)
        return 2;
    sleep(seconds);
    printf("ok\n");
    return 0;
}
