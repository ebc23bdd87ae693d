#!/bin/sh
# Checker for othello_endgame.  usage: check_best_move.sh INPUT ACTUAL EXPECTED
# (the argument order of online-judge-tools' --judge-command and of testlib).
#
# EXPECTED has one line per position: the exact score of every legal move, as in an .obf line
# ("G8:+18; H1:+12; ..."), or "PS:+N" when the mover must pass, "--:+N" when the game is over.
# ACTUAL must have one line per position, "SCORE MOVE": SCORE the best score with its sign,
# MOVE one that achieves it. Exit 0: accepted; exit 1: rejected, the reason on stdout.
[ $# -eq 3 ] || { echo "usage: check_best_move.sh INPUT ACTUAL EXPECTED" >&2; exit 2; }
awk '
function reject(message) { print message; failed = 1; exit 1 }
FNR == NR { if ($0 ~ /[^ \t\r]/) expected[++count] = $0; next }
$0 ~ /[^ \t\r]/ {
    n++
    sub(/\r$/, "")
    if (n > count) reject("line " n ": an answer for a position that is not there: " $0)
    split(expected[n], pairs, ";")
    best = ""
    for (key in scores) delete scores[key]
    for (i in pairs) {
        pair = pairs[i]
        gsub(/[ \t\r]/, "", pair)
        if (pair == "") continue
        split(pair, parts, ":")
        scores[parts[1]] = parts[2] + 0
        if (best == "" || parts[2] + 0 > best) best = parts[2] + 0
    }
    shown = (best >= 0 ? "+" : "") best
    if (NF != 2) reject("line " n ": expected \"SCORE MOVE\", found \"" $0 "\"")
    if ($1 !~ /^[+-][0-9]+$/) reject("line " n ": the score needs a sign, like +18 or -4, found \"" $1 "\"")
    if ($1 + 0 != best) reject("line " n ": score " $1 ", but the exact score is " shown)
    if (!($2 in scores) && (toupper($2) in scores)) reject("line " n ": moves are written in capitals: " toupper($2) ", not " $2)
    if (!($2 in scores)) reject("line " n ": " $2 " is not a legal play here (expected one reaching " shown ")")
    if (scores[$2] != best) reject("line " n ": " $2 " reaches " scores[$2] ", not the best " shown)
}
END {
    if (failed) exit 1
    if (n < count) { print "expected " count (count == 1 ? " answer" : " answers") ", found " n + 0; exit 1 }
}' "$3" "$2"
