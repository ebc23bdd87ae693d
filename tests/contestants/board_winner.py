# AOJ 0066 "Tic Tac Toe", as a contestant writes it.
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

for line in sys.stdin:
    b = line.strip()
    if not b:
        continue
    ans = "d"
    for a, c, d in LINES:
        if b[a] == b[c] == b[d] and b[a] in "ox":
            ans = b[a]
    print(ans)
