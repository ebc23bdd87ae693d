"""Memoises on which cells are taken, not on who took them, so positions with the same cells but different owners share an answer."""
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
A = list(map(int, sys.stdin.read().split()))
memo = {}


def wins(state):
    key = sum(1 << i for i in range(9) if state[i])
    if key in memo:
        return memo[key]
    turn = 1 if state.count(0) % 2 == 1 else 2
    result = False
    for i in range(9):
        if state[i]:
            continue
        s = list(state)
        s[i] = turn
        if any(s[a] == s[b] == s[c] == turn for a, b, c in LINES):
            result = True
            break
        if 0 not in s:
            mine = sum(A[j] for j in range(9) if s[j] == turn)
            theirs = sum(A[j] for j in range(9) if s[j] != turn)
            if mine > theirs:
                result = True
                break
            continue
        if not wins(tuple(s)):
            result = True
            break
    memo[key] = result
    return result


print("Takahashi" if wins((0,) * 9) else "Aoki")
