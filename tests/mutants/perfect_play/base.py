# The perfect-play result of a tic-tac-toe position, right: the base every mutant here patches.
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(b):
    for a, c, d in LINES:
        if b[a] == b[c] == b[d] and b[a] != "s":
            return b[a]
    return None


@lru_cache(maxsize=None)
def solve(b):
    w = winner(b)
    if w:
        return w
    if "s" not in b:
        return "d"
    me = "o" if b.count("o") == b.count("x") else "x"
    results = {solve(b[:i] + me + b[i + 1:]) for i in range(9) if b[i] == "s"}
    if me in results:
        return me
    if "d" in results:
        return "d"
    return "x" if me == "o" else "o"

print("\n".join(solve(b) for b in sys.stdin.read().split()))
