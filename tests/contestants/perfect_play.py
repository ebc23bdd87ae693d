# perfect_play, as a contestant writes it: memoised minimax, o moves first.
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
    # result with perfect play: 'o', 'x' or 'd'
    w = winner(b)
    if w:
        return w
    if "s" not in b:
        return "d"
    me = "o" if b.count("o") == b.count("x") else "x"
    results = set()
    for i in range(9):
        if b[i] == "s":
            results.add(solve(b[:i] + me + b[i + 1:]))
    if me in results:
        return me
    if "d" in results:
        return "d"
    return "x" if me == "o" else "o"


out = []
for line in sys.stdin.read().split():
    out.append(solve(line))
print("\n".join(out))
