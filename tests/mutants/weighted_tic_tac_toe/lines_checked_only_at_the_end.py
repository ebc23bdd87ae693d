"""Plays all nine moves and only then looks for lines (Takahashi first), so a line does not end the game."""
import sys
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
A = list(map(int, sys.stdin.read().split()))


@lru_cache(maxsize=None)
def final(state):
    # 1 or 2: who wins the finished game
    for p in (1, 2):
        if any(state[a] == state[b] == state[c] == p for a, b, c in LINES):
            return p
    t = sum(A[j] for j in range(9) if state[j] == 1)
    a = sum(A[j] for j in range(9) if state[j] == 2)
    return 1 if t > a else 2


@lru_cache(maxsize=None)
def winner(state):
    if 0 not in state:
        return final(state)
    turn = 1 if state.count(0) % 2 == 1 else 2
    results = {winner(state[:i] + (turn,) + state[i + 1:]) for i in range(9) if state[i] == 0}
    return turn if turn in results else 3 - turn


def wins(state):
    return winner(state) == 1


print("Takahashi" if wins((0,) * 9) else "Aoki")
