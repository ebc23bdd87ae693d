"""Both players greedily take the largest free cell, taking a line when one is open: no search."""
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
A = list(map(int, sys.stdin.read().split()))


def wins(state):
    s = list(state)
    turn = 1
    while 0 in s:
        free = [i for i in range(9) if s[i] == 0]
        lines = [i for i in free if any(i in l and all(s[j] == turn for j in l if j != i) for l in LINES)]
        i = lines[0] if lines else max(free, key=lambda j: A[j])
        s[i] = turn
        if any(s[a] == s[b] == s[c] == turn for a, b, c in LINES):
            return turn == 1
        turn = 3 - turn
    t = sum(A[j] for j in range(9) if s[j] == 1)
    return t > sum(A) - t


print("Takahashi" if wins((0,) * 9) else "Aoki")
