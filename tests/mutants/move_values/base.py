# The move values under normal and misère rules, right: the base every mutant here patches.
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def has_line(b, m):
    return any(b[a] == b[c] == b[d] == m for a, c, d in LINES)


def move_value(b, i, me, misere):
    nb = b[:i] + me + b[i + 1:]
    if has_line(nb, me):
        return -1 if misere else 1
    if "s" not in nb:
        return 0
    return -value(nb, "x" if me == "o" else "o", misere)


@lru_cache(maxsize=None)
def value(b, me, misere):
    return max(move_value(b, i, me, misere) for i in range(9) if b[i] == "s")


def mover(b):
    return "o" if b.count("o") == b.count("x") else "x"


def over(b):
    return has_line(b, "o") or has_line(b, "x") or "s" not in b


def answer(b, misere):
    if over(b):
        return "over"
    me = mover(b)
    return " ".join("." if b[i] != "s" else str(move_value(b, i, me, misere)) for i in range(9))


out = []
for line in sys.stdin.read().splitlines():
    if line.strip():
        b, rule = line.split()
        out.append(answer(b, rule == "misere"))
print("\n".join(out))
