# A tic-tac-toe player by minimax, right: the base every mutant here patches.
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(b, m):
    return any(b[a] == b[c] == b[d] == m for a, c, d in LINES)


@lru_cache(maxsize=None)
def best(b, me):
    # (score for me, move): +1 win, 0 draw, -1 loss
    other = "x" if me == "o" else "o"
    result = (-2, -1)
    for i in range(9):
        if b[i] != ".":
            continue
        nb = b[:i] + me + b[i + 1:]
        if won(nb, me):
            score = 1
        elif "." not in nb:
            score = 0
        else:
            score = -best(nb, other)[0]
        if score > result[0]:
            result = (score, i)
    return result


def choose(b, me):
    return best(b, me)[1]


def main():
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        me = line.strip()
        b = "." * 9
        turn = "o"
        while not (won(b, "o") or won(b, "x") or "." not in b):
            if turn == me:
                cell = choose(b, me)
                print(cell, flush=True)
            else:
                cell = int(sys.stdin.readline())
            b = b[:cell] + turn + b[cell + 1:]
            turn = "x" if turn == "o" else "o"


main()
