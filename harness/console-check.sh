#!/usr/bin/env bash
# Scan a guest console log for signs of a kernel problem.
# Usage: harness/console-check.sh LOG
# Prints the offending lines and exits 1 when the kernel panicked, oopsed,
# warned, hit a BUG, or lockdep (or another checker) reported something.
set -u
log=$1
pattern='Kernel panic|Oops|BUG:|WARNING:|general protection fault|'\
'Call Trace:|possible (recursive|circular) locking|inconsistent lock state|'\
'suspicious RCU usage|INFO: lockdep|DEBUG_LOCKS_WARN_ON|'\
'UBSAN:|KASAN:|KFENCE:|kernel BUG at|stack-protector|'\
'rcu_preempt detected stalls|soft lockup|hung_task|Unable to handle'
# Not a kernel problem: the notice the kernel's mmiotrace test module
# (testmmiotrace.ko, t/mmiotrace.sh) prints at each load, in its words.
benign='testmmiotrace: WARNING: mapping [0-9]+ kB @ 0x[0-9a-f]+ in PCI address space'
hits=$(tr -d '\r' < "$log" | grep -aE "$pattern" | grep -avE "$benign" | head -20)
[ -z "$hits" ] && exit 0
printf '%s\n' "$hits"
exit 1
