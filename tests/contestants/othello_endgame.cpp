// othello_endgame, as a contestant writes it: bitboards, negamax alpha-beta to the end of the
// game, moves with the fewest opponent replies first while many squares are empty.
#include <bits/stdc++.h>
using namespace std;
typedef unsigned long long u64;

// bit = file + 8 * rank (a1 = bit 0, h1 = bit 7, a8 = bit 56)
static const u64 NOT_A = 0xfefefefefefefefeULL;  // squares not on file a
static const u64 NOT_H = 0x7f7f7f7f7f7f7f7fULL;  // squares not on file h

static inline u64 shift(u64 b, int dir) {
    switch (dir) {
        case 0: return (b << 1) & NOT_A;  // east
        case 1: return (b >> 1) & NOT_H;  // west
        case 2: return b << 8;            // north
        case 3: return b >> 8;            // south
        case 4: return (b << 9) & NOT_A;  // north-east
        case 5: return (b << 7) & NOT_H;  // north-west
        case 6: return (b >> 7) & NOT_A;  // south-east
        default: return (b >> 9) & NOT_H; // south-west
    }
}

u64 moves(u64 me, u64 op) {
    u64 empty = ~(me | op), result = 0;
    for (int d = 0; d < 8; d++) {
        u64 t = shift(me, d) & op;
        for (int i = 0; i < 5; i++) t |= shift(t, d) & op;
        result |= shift(t, d) & empty;
    }
    return result;
}

u64 flips(u64 me, u64 op, u64 sq) {
    u64 result = 0;
    for (int d = 0; d < 8; d++) {
        u64 run = 0, t = shift(sq, d);
        while (t & op) { run |= t; t = shift(t, d); }
        if (t & me) result |= run;
    }
    return result;
}

long long nodes = 0;

int final_score(u64 me, u64 op) {
    int a = __builtin_popcountll(me), b = __builtin_popcountll(op);
    int empty = 64 - a - b;
    if (a > b) return a - b + empty;
    if (a < b) return a - b - empty;
    return 0;
}

int search(u64 me, u64 op, int alpha, int beta, bool passed) {
    nodes++;
    u64 mv = moves(me, op);
    if (!mv) {
        if (passed) return final_score(me, op);
        return -search(op, me, -beta, -alpha, true);
    }
    int empties = 64 - __builtin_popcountll(me | op);
    int best = -65;
    if (empties > 6) {
        vector<pair<int, u64>> order;
        for (u64 m = mv; m; m &= m - 1) {
            u64 sq = m & -m, f = flips(me, op, sq);
            order.push_back({__builtin_popcountll(moves(op ^ f, me | f | sq)), sq});
        }
        sort(order.begin(), order.end());
        for (auto &o : order) {
            u64 sq = o.second, f = flips(me, op, sq);
            int v = -search(op ^ f, me | f | sq, -beta, -alpha, false);
            if (v > best) best = v;
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    } else {
        for (u64 m = mv; m; m &= m - 1) {
            u64 sq = m & -m, f = flips(me, op, sq);
            int v = -search(op ^ f, me | f | sq, -beta, -alpha, false);
            if (v > best) best = v;
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    }
    return best;
}

int main() {
    string line;
    while (getline(cin, line)) {
        if (line.size() < 66) continue;
        u64 black = 0, white = 0;
        for (int i = 0; i < 64; i++) {
            if (line[i] == 'X') black |= 1ULL << i;
            if (line[i] == 'O') white |= 1ULL << i;
        }
        u64 me = line[65] == 'X' ? black : white, op = line[65] == 'X' ? white : black;
        u64 mv = moves(me, op);
        if (!mv) {
            int s;
            string name;
            if (moves(op, me)) { s = -search(op, me, -64, 64, true); name = "PS"; }
            else { s = final_score(me, op); name = "--"; }
            printf("%+d %s\n", s, name.c_str());
            continue;
        }
        int best = -65, alpha = -64;
        int best_sq = -1;
        for (u64 m = mv; m; m &= m - 1) {
            u64 sq = m & -m, f = flips(me, op, sq);
            int v = -search(op ^ f, me | f | sq, -64, -alpha, false);
            if (v > best) { best = v; best_sq = __builtin_ctzll(sq); }
            if (v > alpha) alpha = v;
        }
        printf("%+d %c%c\n", best, 'A' + best_sq % 8, '1' + best_sq / 8);
    }
}
