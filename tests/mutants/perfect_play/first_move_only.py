"""Follows the first free cell at every turn instead of choosing the best move (a depth-first walk with no choice)."""
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
    i = b.index("s")
    return solve(b[:i] + me + b[i + 1:])

print("\n".join(solve(b) for b in sys.stdin.read().split()))
