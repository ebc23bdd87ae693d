# The othello endgame by plain alpha-beta, right: the base every mutant here patches.
import sys

DIRECTIONS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
# Past this many positions the search gives up (exit 1), standing in for the time limit a plain
# Python search exceeds on the FFO positions (14 to 34 empty squares).
NODE_BUDGET = 20000
nodes = 0


def other(me):
    return "O" if me == "X" else "X"


def flips(board, me, sq):
    # The discs `me` turns over by playing on `sq` (index file + 8 * rank, a1 = 0).
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
    result = []
    for sq in range(64):
        if board[sq] == "-":
            turned = flips(board, me, sq)
            if turned:
                result.append((sq, turned))
    return result


def final(board, me):
    mine, theirs = board.count(me), board.count(other(me))
    empty = 64 - mine - theirs
    if mine > theirs:
        return mine - theirs + empty
    if mine < theirs:
        return mine - theirs - empty
    return 0


def play(board, me, sq, turned):
    board[sq] = me
    for t in turned:
        board[t] = me


def undo(board, me, sq, turned):
    board[sq] = "-"
    for t in turned:
        board[t] = other(me)


def search(board, me, alpha, beta, passed):
    # Exact negamax with alpha-beta: the final disc difference for `me`.
    global nodes
    nodes += 1
    if nodes > NODE_BUDGET:
        sys.exit("too many positions for this search")
    ms = moves(board, me)
    if not ms:
        if passed:
            return final(board, me)
        return -search(board, other(me), -beta, -alpha, True)
    best = -65
    for sq, turned in ms:
        play(board, me, sq, turned)
        value = -search(board, other(me), -beta, -alpha, False)
        undo(board, me, sq, turned)
        if value > best:
            best = value
        if best > alpha:
            alpha = best
        if alpha >= beta:
            break
    return best


def solve(board, me):
    ms = moves(board, me)
    if not ms:
        if not moves(board, other(me)):
            return final(board, me), "--"
        return -search(board, other(me), -65, 65, True), "PS"
    best, best_move = -65, None
    for sq, turned in ms:
        play(board, me, sq, turned)
        value = -search(board, other(me), -65, 65, False)
        undo(board, me, sq, turned)
        if best_move is None or value > best:
            best, best_move = value, "ABCDEFGH"[sq % 8] + str(sq // 8 + 1)
    return best, best_move


def main():
    out = []
    for line in sys.stdin.read().splitlines():
        line = line.split(";")[0].strip()
        if not line:
            continue
        squares, me = line.split()
        board = list(squares)
        score, move = solve(board, me)
        out.append("%+d %s" % (score, move))
    print("\n".join(out))


main()
