#!/usr/bin/env bash
# Host tests of the harness: the console scanner, the composed tree, and the
# guest runner (verbatim commands, exit status, kernel-crash detection).
# Prints KTAP-style "ok N name" / "not ok N name" lines.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$TOP/build
n=0
t() { # name command...
	local name=$1; shift
	n=$((n + 1))
	if "$@" > "$BUILD/host-test.out" 2>&1; then
		echo "ok $n $name"
	else
		sed 's/^/# /' "$BUILD/host-test.out" | tail -20
		echo "not ok $n $name"
	fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- console scanner ---------------------------------------------------
printf '[    1.0] Linux version 6.12\n[    2.0] Run /init as init process\n' > "$tmp/clean"
scan_flags() { # text: the scanner must flag a log holding it
	{ cat "$tmp/clean"; printf '[    3.0] %s\n' "$1"; } > "$tmp/bad"
	! "$TOP/harness/console-check.sh" "$tmp/bad" >/dev/null
}
t "console-check passes a clean log" "$TOP/harness/console-check.sh" "$tmp/clean"
t "console-check flags a WARNING" scan_flags "WARNING: CPU: 1 PID: 42 at kernel/foo.c:12 bar+0x1/0x2"
t "console-check flags an oops" scan_flags "Oops: general protection fault, probably for non-canonical address"
t "console-check flags a BUG" scan_flags "BUG: sleeping function called from invalid context at mm/slab.h:1"
t "console-check flags lockdep" scan_flags "WARNING: possible circular locking dependency detected"
t "console-check flags a panic" scan_flags "Kernel panic - not syncing: Fatal exception"

# --- composed tree -------------------------------------------------------
src=$BUILD/ours/src
t "upstream kernel/trace is gone" test ! -e "$src/kernel/trace/trace.c" -a ! -e "$src/kernel/trace/ring_buffer.c"
# Where ours has a file of the same name, the composed copy must be ours.
ours_or_gone() {
	local f
	for f in "$@"; do
		if [ -e "$TOP/linux/$f" ]; then
			cmp -s "$TOP/linux/$f" "$src/$f" || return 1
		else
			[ ! -e "$src/$f" ] || return 1
		fi
	done
}
t "upstream x86 ftrace is gone" ours_or_gone arch/x86/kernel/ftrace.c arch/x86/kernel/ftrace_64.S arch/x86/kernel/ftrace_32.S
t "upstream recordmcount is gone" ours_or_gone scripts/recordmcount.c scripts/recordmcount.h scripts/recordmcount.pl
t "kept generic rethook.c" test -f "$src/kernel/trace/rethook.c"
same_as_overlay() {
	local f
	for f in $(cd "$TOP/linux" && find . -type f); do
		cmp -s "$TOP/linux/$f" "$src/$f" || { echo "differs: $f"; return 1; }
	done
}
t "composed tree holds linux/ exactly" same_as_overlay
t "the base tree is pristine" test -f "$BUILD/base/src/kernel/trace/trace.c"

# --- guest runner ----------------------------------------------------------
cat > "$tmp/cmd" <<'CMD'
x='single $quoted'
echo "dollar: $x" "$HOME" 'it''s'
printf 'line2\n'
exit 7
CMD
runner_verbatim() {
	local out rc
	out=$("$TOP/harness/vm" -q -c "$tmp/cmd" 2>/dev/null); rc=$?
	[ "$out" = "dollar: single \$quoted /root its
line2" ] || { echo "output: $out"; return 1; }
	[ $rc -eq 7 ] || { echo "status $rc, want 7"; return 1; }
}
t "vm runs a command verbatim and returns its status" runner_verbatim
make_run_verbatim() {
	local out
	out=$(make -s -C "$TOP" run CMD='echo "$((6*7)) \$HOME" '"'"'a"b'"'"'' 2>/dev/null)
	[ "$out" = '42 $HOME a"b' ] || { echo "output: $out"; return 1; }
	make -s -C "$TOP" run CMD='exit 3' >/dev/null 2>&1 && { echo "status 0"; return 1; }
	return 0
}
t "make run CMD passes \$, quotes and status through" make_run_verbatim
runner_catches_crash() {
	local rc
	"$TOP/harness/vm" -q -t 120 'echo c > /proc/sysrq-trigger; sleep 30' > "$tmp/crash.out" 2>&1
	rc=$?
	[ $rc -eq 125 ] || { echo "status $rc, want 125"; cat "$tmp/crash.out"; return 1; }
	grep -q "kernel problem" "$tmp/crash.out" || { cat "$tmp/crash.out"; return 1; }
}
t "vm fails a run whose kernel crashes" runner_catches_crash
runner_times_out() {
	local rc
	"$TOP/harness/vm" -q -t 25 'sleep 600' > "$tmp/to.out" 2>&1
	rc=$?
	[ $rc -eq 125 ] && grep -q "timed out" "$tmp/to.out"
}
t "vm fails a run that times out" runner_times_out
# -a FILE:/tmp/NAME: guest-init mounts a tmpfs on /tmp after the initramfs
# is unpacked; the file must still be there, as sent.
runner_adds_to_tmp() {
	local out
	printf 'sent to /tmp\n' > "$tmp/to-tmp"
	mkdir -p "$tmp/dir-to-tmp" && printf 'in a dir\n' > "$tmp/dir-to-tmp/f"
	out=$("$TOP/harness/vm" -q -a "$tmp/to-tmp:/tmp/vm-added" \
		-a "$tmp/dir-to-tmp:/tmp/sub/d" \
		'cat /tmp/vm-added /tmp/sub/d/f' 2>&1) || { echo "$out"; return 1; }
	[ "$out" = "sent to /tmp
in a dir" ] || { echo "output: $out"; return 1; }
}
t "vm -a FILE:/tmp/NAME reaches the guest's /tmp" runner_adds_to_tmp
# Under the file systems guest-init mounts, a file would be hidden: the
# runner refuses it, naming the destination, before booting anything.
runner_refuses_hidden() {
	local d rc
	printf 'x\n' > "$tmp/hidden"
	for d in /proc/x /sys/kernel/x /dev/x /dev/shm/x /mnt/scratch/x /proc; do
		"$TOP/harness/vm" -q -t 20 -a "$tmp/hidden:$d" true > "$tmp/hid.out" 2>&1
		rc=$?
		[ $rc -ne 0 ] && grep -q "$d" "$tmp/hid.out" &&
			grep -q "hidden" "$tmp/hid.out" ||
			{ echo "-a to $d: status $rc"; cat "$tmp/hid.out"; return 1; }
	done
}
t "vm refuses -a under a guest mount that would hide it" runner_refuses_hidden
