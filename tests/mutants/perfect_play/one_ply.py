"""Looks one move ahead only: the mover wins if it can complete a line now, anything else is a draw."""
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(b):
    for a, c, d in LINES:
        if b[a] == b[c] == b[d] and b[a] != "s":
            return b[a]
    return None


def solve(b):
    w = winner(b)
    if w:
        return w
    me = "o" if b.count("o") == b.count("x") else "x"
    for i in range(9):
        if b[i] == "s" and winner(b[:i] + me + b[i + 1:]) == me:
            return me
    return "d"

print("\n".join(solve(b) for b in sys.stdin.read().split()))
