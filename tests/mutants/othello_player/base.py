# An othello player that looks one move ahead by a square table: the base every mutant here patches.
import sys

DIRECTIONS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def other(me):
    return "O" if me == "X" else "X"


def flips(board, me, sq):
    # The discs `me` turns over by playing on `sq` (index file + 8 * rank, a1 = 0).
    if board[sq] != "-":
        return []
    opp = other(me)
    found = []
    for df, dr in DIRECTIONS:
        f, r = sq % 8 + df, sq // 8 + dr
        run = []
        while 0 <= f < 8 and 0 <= r < 8 and board[f + 8 * r] == opp:
            run.append(f + 8 * r)
            f, r = f + df, r + dr
        if run and 0 <= f < 8 and 0 <= r < 8 and board[f + 8 * r] == me:
            found.extend(run)
    return found


def moves(board, me):
    return [(sq, flips(board, me, sq)) for sq in range(64) if flips(board, me, sq)]


def start():
    board = ["-"] * 64
    board[27] = board[36] = "O"  # d4, e5
    board[28] = board[35] = "X"  # e4, d5
    return board


def name(sq):
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def square(text):
    return "abcdefgh".index(text[0].lower()) + 8 * (int(text[1:]) - 1)


WEIGHTS = [
    100, -20, 10, 5, 5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
    10, -2, 1, 1, 1, 1, -2, 10,
    5, -2, 1, 0, 0, 1, -2, 5,
    5, -2, 1, 0, 0, 1, -2, 5,
    10, -2, 1, 1, 1, 1, -2, 10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10, 5, 5, 10, -20, 100,
]


def choose(board, me, ms):
    # One ply: the square with the best weight, then the most flips.
    return max(ms, key=lambda m: (WEIGHTS[m[0]], len(m[1])))


def main():
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        me = line.strip()
        board = start()
        turn = "X"
        while moves(board, "X") or moves(board, "O"):
            ms = moves(board, turn)
            if turn == me:
                if ms:
                    sq, turned = choose(board, me, ms)
                    print(name(sq), flush=True)
                else:
                    print("PS", flush=True)
                    sq = None
            else:
                text = sys.stdin.readline().strip()
                sq = None if text.upper() == "PS" else square(text)
                turned = flips(board, turn, sq) if sq is not None else []
            if sq is not None:
                board[sq] = turn
                for t in turned:
                    board[t] = turn
            turn = other(turn)


main()
