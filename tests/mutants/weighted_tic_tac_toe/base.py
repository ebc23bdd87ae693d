# ABC349 E "Weighted Tic-Tac-Toe" by memoised search, right: the base every mutant here patches.
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
A = list(map(int, sys.stdin.read().split()))


@lru_cache(maxsize=None)
def wins(state):
    turn = 1 if state.count(0) % 2 == 1 else 2
    for i in range(9):
        if state[i]:
            continue
        s = list(state)
        s[i] = turn
        if any(s[a] == s[b] == s[c] == turn for a, b, c in LINES):
            return True
        if 0 not in s:
            mine = sum(A[j] for j in range(9) if s[j] == turn)
            theirs = sum(A[j] for j in range(9) if s[j] != turn)
            if mine > theirs:
                return True
            continue
        if not wins(tuple(s)):
            return True
    return False


print("Takahashi" if wins((0,) * 9) else "Aoki")
