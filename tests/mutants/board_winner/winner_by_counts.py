"""Finds that some line is complete, then names the winner as the side that moved last by the piece counts (o first), not the line's owner."""
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

for b in sys.stdin.read().split():
    if any(b[a] == b[c] == b[d] and b[a] in "ox" for a, c, d in LINES):
        print("o" if b.count("o") > b.count("x") else "x")
    else:
        print("d")
