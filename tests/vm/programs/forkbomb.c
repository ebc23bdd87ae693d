/* vm-forkbomb: reads D from its input; every process forks D times over (2^D processes in
 * all, fewer if a fork fails), and then all of them sleep a minute without answering. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    int depth;
    if (scanf("%d", &depth) != 1 || depth < 0 || depth > 9)
        return 2;
    for (int i = 0; i < depth; i++)
        fork();
    sleep(60);
    return 0;
}
