"""One ABC349 E grid for judge stress: `python3 gen.py SEED`, small values, none above 0, odd sum."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
while True:
    cells = [rng.randint(-3, 0) for _ in range(9)]
    if sum(cells) % 2 == 1:
        break
for row in range(3):
    print(*cells[3 * row : 3 * row + 3])
