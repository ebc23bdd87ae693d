"""Loops over rows and columns with range(2) instead of range(3): the last row and column are never checked."""
import sys

for b in sys.stdin.read().split():
    g = [b[0:3], b[3:6], b[6:9]]
    ans = "d"
    for i in range(2):
        if g[i][0] == g[i][1] == g[i][2] != "s":
            ans = g[i][0]
        if g[0][i] == g[1][i] == g[2][i] != "s":
            ans = g[0][i]
    if g[0][0] == g[1][1] == g[2][2] != "s":
        ans = g[1][1]
    if g[0][2] == g[1][1] == g[2][0] != "s":
        ans = g[1][1]
    print(ans)
