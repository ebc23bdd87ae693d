#!/bin/sh
# The checks `tests/vm/run` runs inside its cgroup-v2-only VM: the judge against the small test
# programs of tests/vm/programs (in the VM's /vm/progs), each check printing
# `vm-check: ok MODE/NAME` or `vm-check: FAIL MODE/NAME: what was seen`.
#
# Usage (in the VM, by its /init): checks.sh MODE [NAME], where MODE says how the judge is run
# and so what its `sandbox:` line must say: `root` (in the top cgroup), `root-scope` (in a
# login shell's cgroup), `delegated` (a user owning a delegated cgroup subtree) or
# `undelegated` (a user in a cgroup it may not touch, so no cgroup at all).
# With NAME only that check runs.
set -u
mode=$1
only=${2:-}
progs=/vm/progs
work=$(mktemp -d /tmp/vm-checks.XXXXXX)

ok() { echo "vm-check: ok $mode/$1${2:+ ($2)}"; }
# (Under a failure where the judge gave no verdict: its exit status and report.)
fail() {
  echo "vm-check: FAIL $mode/$1: $2"
  [ -n "$verdict" ] || { echo "  judge exit $status:"; sed 's/^/    /' "$work/$name.err" | head -20; }
}
wanted() { [ -z "$only" ] || [ "$only" = "$1" ]; }

# folder NAME INPUT OUTPUT: a case folder with one case, `case.in` and `case.out`.
folder() {
  mkdir -p "$work/$1"
  printf '%s\n' "$2" > "$work/$1/case.in"
  printf '%s\n' "$3" > "$work/$1/case.out"
}

# field NAME: a field of the judged case's JSON line (a string's text or a number, or null).
field() { printf '%s\n' "$case_line" | sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p"; }

# left: the processes of the test programs, or of a judge, still there (zombies aside).
left() {
  for stat in /proc/[0-9]*/stat; do
    read -r pid comm state rest 2> /dev/null < "$stat" || continue
    case "$comm:$state" in
      *:Z) ;;
      "(vm-"*|"(judge)"*) printf '%s ' "$pid$comm" ;;
    esac
  done
}

# start NAME PROGRAM FLAGS...: the judge of PROGRAM on the folder NAME, with --format json, in
# the background ($! is the judge's pid; busybox's timeout execs it, and kills it after 300 s).
# Delegated, the judge starts alone in a new cgroup of the user's subtree (a scope of its own).
start() {
  name=$1 program=$2
  shift 2
  scope=
  if [ "$mode" = delegated ]; then
    scope=/sys/fs/cgroup/judge-user/$name
    mkdir "$scope"
  fi
  timeout 300 sh -c '[ -z "$1" ] || echo $$ > "$1/cgroup.procs" || exit 99; shift; exec "$@"' \
    - "$scope" /bin/judge --format json "$@" --cmd "$progs/$program" "$work/$name" \
    > "$work/$name.json" 2> "$work/$name.err" &
}

# finish STATUS: once the judge has ended with STATUS, sets $status, $verdict, $time_ms,
# $memory_bytes, $sandbox (the report's `sandbox:` line) and $leftover.
finish() {
  status=$1
  case_line=$(grep '"type":"case"' "$work/$name.json")
  verdict=$(field verdict) time_ms=$(field time_ms) memory_bytes=$(field memory_bytes)
  sandbox=$(grep '^sandbox:' "$work/$name.err")
  leftover=$(left)
  if [ -n "$leftover" ]; then
    # Killed by pid (the user can kill only its own), so the next check starts clean.
    for pid in $leftover; do kill -9 "${pid%%(*}" 2> /dev/null; done
  fi
  cleanup_scope
}

# judge NAME PROGRAM FLAGS...: start, wait for the end, finish.
judge() {
  start "$@"
  wait $!
  finish $?
}

# judged NAME: what the judge said of NAME's case, for a failure's message.
judged() { echo "$verdict ${time_ms}ms ${memory_bytes}B${leftover:+, left running: $leftover}"; }

# A delegated scope's cgroups, once the judge is gone (left over: what the judge left in them).
cleanup_scope() {
  [ -n "$scope" ] || return 0
  find "$scope" -depth -type d | while read -r folder; do
    rmdir "$folder" 2> /dev/null || echo "  could not remove $folder"
  done
}

# The OOM kills the kernel has counted, whatever the cgroup.
oom_kills() { sed -n 's/^oom_kill //p' /proc/vmstat; }

# A correct program: AC, with a peak memory above zero; the `sandbox:` line names the cgroup.
if wanted sandbox-line || wanted ac-memory || wanted delegation-hint; then
  folder sum '2 3' '5'
  judge sum vm-sum
  # ("cgroup v2" may be in the reason there is none, too.)
  case $mode:$sandbox in
    undelegated:*'no cgroup: memory limit by polling'*) ok sandbox-line "$sandbox" ;;
    undelegated:*) fail sandbox-line "wanted \"no cgroup: memory limit by polling\", saw \"$sandbox\"" ;;
    *'no cgroup'*) fail sandbox-line "wanted \"cgroup v2\", saw \"$sandbox\"" ;;
    *'cgroup v2'*) ok sandbox-line "$sandbox" ;;
    *) fail sandbox-line "wanted \"cgroup v2\", saw \"$sandbox\"" ;;
  esac
  # With no cgroup of its own, the judge says how to get one.
  if [ "$mode" = undelegated ] && wanted delegation-hint; then
    hint='systemd-run --user --scope -p Delegate=yes'
    if grep -q -- "$hint" "$work/sum.err"; then
      ok delegation-hint
    else
      fail delegation-hint "wanted \"$hint\" in the report: $(tr '\n' '|' < "$work/sum.err")"
    fi
  fi
  if wanted ac-memory; then
    if [ "$verdict" = AC ] && [ "${memory_bytes:-null}" != null ] && [ "$memory_bytes" -gt 0 ] && [ -z "$leftover" ]; then
      ok ac-memory "$memory_bytes bytes"
    else
      fail ac-memory "wanted AC with memory above 0, saw $(judged)"
    fi
  fi
fi

# 256 MiB touched under -m 64: MLE, and with a cgroup the kernel's OOM killer did it.
if wanted mle; then
  folder mle 256 ok
  before=$(oom_kills)
  judge mle vm-alloc -m 64
  kills=$(($(oom_kills) - before))
  if [ "$verdict" != MLE ] || [ -n "$leftover" ]; then
    fail mle "wanted MLE, saw $(judged)"
  elif [ "$mode" != undelegated ] && [ "$kills" -lt 1 ]; then
    fail mle "MLE, but no OOM kill counted in /proc/vmstat"
  else
    ok mle "$kills OOM kill(s)"
  fi
fi

# 96 MiB written into the box's /tmp, a tmpfs, under -m 64: its pages are the case's memory, so
# with a cgroup that is MLE; without one, the tmpfs (as large as the memory limit) is full
# first, and the failed write is RE.
if wanted tmpfs; then
  folder tmpfs 96 ok
  judge tmpfs vm-tmpfs -m 64
  case $mode in
    undelegated) want=RE ;;
    *) want=MLE ;;
  esac
  if [ "$verdict" = "$want" ] && [ -z "$leftover" ]; then
    ok tmpfs "$verdict"
  else
    fail tmpfs "wanted $want, saw $(judged)"
  fi
fi

# 48 MiB touched under -m 256, and the program ends at once: AC with a peak of 48 MiB or more.
if wanted peak; then
  folder peak 48 ok
  judge peak vm-alloc -m 256
  if [ "$verdict" = AC ] && [ "${memory_bytes:-null}" != null ] && [ "$memory_bytes" -ge $((48 << 20)) ] && [ -z "$leftover" ]; then
    ok peak "$memory_bytes bytes"
  else
    fail peak "wanted AC with at least $((48 << 20)) bytes, saw $(judged)"
  fi
fi

# 2^8 = 256 processes that sleep: stopped with a verdict, none of them left.
if wanted forkbomb; then
  folder forkbomb 8 ok
  judge forkbomb vm-forkbomb -t 1
  case $verdict:$leftover in
    AC:*|JE:*|:*) fail forkbomb "wanted a verdict other than AC or JE, and nothing left, saw $(judged)" ;;
    *:) ok forkbomb "$verdict" ;;
    *) fail forkbomb "left running: $leftover" ;;
  esac
fi

# SIGTERM to the judge while the fork bomb's processes sleep: exit 143 (128 + 15), and none of
# them left.
if wanted sigterm; then
  folder sigterm 8 ok
  start sigterm vm-forkbomb -t 20
  judge_pid=$!
  tries=0
  until [ $tries -ge 600 ] || case $(left) in *"(vm-"*) true ;; *) false ;; esac; do
    sleep 0.1
    tries=$((tries + 1))
  done
  kill -TERM $judge_pid
  wait $judge_pid
  finish $?
  if [ "$status" = 143 ] && [ -z "$leftover" ]; then
    ok sigterm
  else
    fail sigterm "wanted exit 143 and nothing left, saw exit $status${leftover:+, left running: $leftover}"
  fi
fi

# One orphan's 1000 ms of CPU, then 200 orphans' 5 ms each, shorter than a look at /proc: both
# counted (900 ms or more). Under TCG, on a busy machine, a fork costs 10 to 20 ms of CPU, so
# the 200 double forks take 3 to 8 s: hence -t 30.
for spec in 'orphan 1 1000' 'orphans-short 200 5'; do
  set -- $spec
  wanted "$1" || continue
  folder "$1" "$2 $3" ok
  judge "$1" vm-orphan -t 30
  if [ "$verdict" = AC ] && [ "${time_ms:-null}" != null ] && [ "$time_ms" -ge 900 ] && [ -z "$leftover" ]; then
    ok "$1" "$time_ms ms"
  else
    fail "$1" "wanted AC with 900 ms or more of CPU time, saw $(judged)"
  fi
done

# A program that sleeps 20 s and then answers right, under -t 1 (a wall bound of 3 s): TLE.
if wanted sleeper; then
  folder sleeper 20 ok
  judge sleeper vm-sleeper -t 1
  if [ "$verdict" = TLE ] && [ -z "$leftover" ]; then
    ok sleeper
  else
    fail sleeper "wanted TLE, saw $(judged)"
  fi
fi

# 150 threads that wake together on one CPU every 0.5 s while the program sleeps 20 s, then
# answers right, under -t 5 (a wall bound of 11 s): TLE, however long the threads waited for
# the CPU (a minute and more in all). Their CPU time, 150 x 40 x 20 us = 0.12 s, is 1 to 2 s
# under TCG, far from -t 5.
if wanted wakers; then
  folder wakers '20 150' ok
  judge wakers vm-wakers -t 5
  if [ "$verdict" = TLE ] && [ -z "$leftover" ]; then
    ok wakers
  else
    fail wakers "wanted TLE, saw $(judged): $(field detail)"
  fi
fi

rm -rf "$work"
