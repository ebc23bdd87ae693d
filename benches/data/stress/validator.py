"""The generic stress bench's validator: an ABC349 E input is three lines of three integers,
|A| <= 10^9, with an odd sum. Exit 0 when valid. Written for the bench."""
import sys

lines = sys.stdin.read().split("\n")
if lines[-1] == "":
    lines.pop()
try:
    rows = [[int(token) for token in line.split(" ")] for line in lines]
except ValueError:
    sys.exit("not integers separated by single spaces")
if len(rows) != 3 or any(len(row) != 3 for row in rows):
    sys.exit("not three lines of three")
values = [value for row in rows for value in row]
if any(abs(value) > 10**9 for value in values) or sum(values) % 2 == 0:
    sys.exit("out of range, or an even sum")
