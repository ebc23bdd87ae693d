"""Compares the three squares of a line without excluding `s`, so three empty squares in a line are a win for `s`."""
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

for b in sys.stdin.read().split():
    ans = "d"
    for a, c, d in LINES:
        if b[a] == b[c] == b[d]:
            ans = b[a]
            break
    print(ans)
