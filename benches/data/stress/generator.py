"""The generic stress bench's generator: `generator.py SEED` prints one ABC349 E input, nine
integers in a range picked by the seed (small ones mostly, sometimes up to 10^9), the sum made
odd. Written for the bench."""
import random
import sys

rng = random.Random(int(sys.argv[1]))
limit = rng.choice([1, 2, 5, 100, 10**9])
grid = [rng.randint(-limit, limit) for _ in range(9)]
if sum(grid) % 2 == 0:
    grid[rng.randrange(9)] += -1 if grid[0] == limit else 1
    if abs(grid[0]) > 10**9:
        grid[0] -= 2
for row in range(3):
    print(*grid[3 * row:3 * row + 3])
