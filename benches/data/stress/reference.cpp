// ABC349 E "Weighted Tic-Tac-Toe", the reference of the generic stress bench: a memoised
// minimax over the 3^9 colourings (0 free, 1 Takahashi, 2 Aoki). Written for the bench.
#include <cstdio>
#include <cstring>

static long long a[9];
static signed char memo[19683];
static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

// Whether the player to move wins from `cells` (each 0, 1 or 2), encoded as `code`.
static bool mover_wins(int cells[9], int code) {
    if (memo[code] >= 0) return memo[code];
    int filled = 0;
    for (int i = 0; i < 9; i++) filled += cells[i] != 0;
    int mover = filled % 2 == 0 ? 1 : 2;
    bool win = false;
    int power = 1;
    for (int cell = 0; cell < 9 && !win; cell++, power *= 3) {
        if (cells[cell]) continue;
        cells[cell] = mover;
        bool line = false;
        for (auto &l : lines)
            line |= cells[l[0]] == mover && cells[l[1]] == mover && cells[l[2]] == mover;
        if (line) {
            win = true;
        } else if (filled == 8) {
            long long mine = 0, theirs = 0;
            for (int i = 0; i < 9; i++) (cells[i] == mover ? mine : theirs) += a[i];
            win = mine > theirs;
        } else {
            win = !mover_wins(cells, code + mover * power);
        }
        cells[cell] = 0;
    }
    memo[code] = win;
    return win;
}

int main() {
    for (int i = 0; i < 9; i++)
        if (std::scanf("%lld", &a[i]) != 1) return 1;
    std::memset(memo, -1, sizeof memo);
    int cells[9] = {0};
    std::puts(mover_wins(cells, 0) ? "Takahashi" : "Aoki");
}
