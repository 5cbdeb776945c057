# SPDX-License-Identifier: GPL-2.0
# uftrace (Debian's 0.13, unmodified): the recipe of the kernel
# developers' notes, "uftrace record --force -K 30 cat /proc/self/maps",
# then "uftrace replay" must show kernel functions under the user ones.
# uftrace reads the kernel's function_graph records from trace_pipe_raw
# with the events/ftrace formats. It finds tracefs only through a
# /proc/self/mountinfo line with a propagation tag (the guest's init
# makes / shared, as systemd does); without one it turns kernel tracing
# off without a word, and this test fails.
# limit: 240
command -v uftrace >/dev/null || skip "no uftrace in the guest"
grep -q ' shared:[0-9]* - tracefs ' /proc/self/mountinfo ||
	fail "tracefs has no propagation tag in mountinfo"
d=/mnt/scratch/uftrace.data
[ -d /mnt/scratch ] || d=/tmp/uftrace.data
rm -rf $d
# The recipe with a kernel buffer big enough for the test kernel's lockdep
# calls: with uftrace's default (1408K a CPU) a busy moment loses records
# ("LOST n records" in replay), and the nesting after them is guessed.
# Under KASAN, 8M lost some too (make kasan-check of 2026-11-29).
uftrace record -d $d --force -K 30 --kernel-buffer=32M \
	/usr/bin/cat /proc/self/maps \
	> /tmp/uftrace.rec 2>&1 || fail "record: $(tail -n 5 /tmp/uftrace.rec)"
grep -q '\[vdso\]\|/usr/bin/cat' /tmp/uftrace.rec ||
	fail "cat's output is missing: $(head -n 3 /tmp/uftrace.rec)"
ls $d/kernel-cpu* > /dev/null 2>&1 ||
	fail "no kernel data recorded: $(ls $d)"
uftrace replay -d $d > /tmp/uftrace.txt 2> /tmp/uftrace.err ||
	fail "replay: $(tail -n 5 /tmp/uftrace.err)"
! grep -q 'LOST [0-9]* records' /tmp/uftrace.txt ||
	fail "records lost: $(grep -m1 'LOST' /tmp/uftrace.txt)"
# A user function (a library call of cat) and, nested deeper under it,
# a kernel function: replay indents each level by two spaces.
awk -F'|' '
	/\| +(read|__read|write|__write|openat|open|__open|open64)\(\) \{$/ {
		match($2, /^ */); ind = RLENGTH; user = 1; next }
	user && /\| +[a-z_0-9.]+\(\)/ {
		match($2, /^ */)
		if (RLENGTH > ind && $2 ~ /(sys_|vfs_|ksys_)/) { found = 1; exit }
		if (RLENGTH <= ind) user = 0 }
	END { exit !found }' /tmp/uftrace.txt ||
	fail "no kernel function under a library call: $(head -n 20 /tmp/uftrace.txt)"
[ "$(cat current_tracer)" = nop ] || fail "current_tracer left at $(cat current_tracer)"
