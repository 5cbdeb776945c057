# SPDX-License-Identifier: GPL-2.0
# blktrace, blkparse, btrace and btt (Debian's, unmodified) on the scratch
# disk (virtio-blk) and on a loop device: what blkparse decodes of a
# direct-I/O dd is that dd's writes, queued and completed, with 0 dropped
# and no bad record; two devices traced at once; and the BLKTRACE ioctls'
# rules: EBUSY for a second setup, EINVAL for bad sizes and for start,
# stop or teardown out of turn, ENOTTY off a block device.
# limit: 240
command -v blktrace >/dev/null || skip "no blktrace in the guest"
[ -b /dev/vda ] || skip "no scratch disk (harness/vm attaches one)"
dbg=/sys/kernel/debug/block
[ -d $dbg/vda ] || fail "no $dbg/vda"
dir=/tmp/bt
rm -rf $dir
mkdir -p $dir
loop=
cleanup() {
	[ -z "$loop" ] || losetup -d "$loop" 2>/dev/null || true
	rm -f /mnt/scratch/bt.dat /tmp/bt.img
}
trap cleanup EXIT

# dd_direct OF COUNT: COUNT 4 KB direct writes to OF.
dd_direct() {
	dd if=/dev/zero of="$1" bs=4k count="$2" oflag=direct conv=notrunc \
		2>/dev/null || fail "dd to $1"
}

# trace DEV... -- COMMAND...: blktrace the devices around COMMAND, into
# $dir/<name>.blktrace.<cpu>; blktrace's summary in $dir/bt.out.
trace() {
	devs=
	while [ "$1" != "--" ]; do devs="$devs -d $1"; shift; done
	shift
	(cd $dir && exec blktrace $devs > bt.out 2>&1) &
	pid=$!
	for d in $devs; do
		[ "$d" = "-d" ] && continue
		wait_for 10 test -e $dbg/${d#/dev/}/trace0 ||
			fail "blktrace did not set $d up: $(cat $dir/bt.out)"
	done
	sleep 0.5
	"$@"
	sync
	sleep 0.5
	kill -INT $pid
	wait $pid || fail "blktrace: $(cat $dir/bt.out)"
	grep -q 'dropped 0)' $dir/bt.out ||
		fail "blktrace dropped events: $(cat $dir/bt.out)"
}

# parse NAME: blkparse of NAME's trace into $dir/NAME.txt (and the binary
# dump NAME.bin); nothing bad reported.
parse() {
	(cd $dir && blkparse -i "$1" -d "$1.bin" -o "$1.txt") 2> $dir/$1.err ||
		fail "blkparse $1: $(cat $dir/$1.err)"
	! grep -Eiq 'magic|version|bad|skip|out of order' $dir/$1.err ||
		fail "blkparse $1: $(head -n 5 $dir/$1.err)"
	grep -q 'Skips: 0 forward' $dir/$1.txt ||
		fail "blkparse $1 skipped: $(grep -m 2 Skips $dir/$1.txt)"
}

# count NAME ACT: the records of action ACT (Q, C, ...) that write 8
# sectors (4 KB) in NAME's text.
count() {
	awk -v a="$2" '$6 == a && $7 ~ /W/ && $9 == "+" && $10 == 8' \
		$dir/$1.txt | wc -l
}

# The scratch disk: 64 direct writes of dd, each queued and completed.
trace /dev/vda -- dd_direct /mnt/scratch/bt.dat 64
parse vda
q=$(awk '$6 == "Q" && $7 ~ /W/ && $NF == "[dd]" && $10 == 8' $dir/vda.txt | wc -l)
[ "$q" -ge 64 ] || fail "$q of dd's 64 writes queued: $(grep -m 5 ' Q ' $dir/vda.txt)"
# Every sector dd queued is completed.
left=$(awk '$6 == "Q" && $NF == "[dd]" { q[$8] = 1 } $6 == "C" { delete q[$8] }
	END { for (s in q) n++; print n + 0 }' $dir/vda.txt)
[ "$left" -eq 0 ] || fail "$left of dd's sectors queued, never completed"
grep -Eq ' D +WS? [0-9]+ \+ 8 \[' $dir/vda.txt || fail "no issue of dd's writes"
grep -q '^CPU' $dir/vda.txt || fail "no per-CPU summary from blkparse"

# btt on blkparse's binary dump: queue-to-complete times for the writes.
(cd $dir && btt -i vda.bin > btt.txt 2>&1) || fail "btt: $(tail -n 5 $dir/btt.txt)"
awk '$1 ~ /^Q2C/ && $NF > 0 { ok = 1 } END { exit !ok }' $dir/btt.txt ||
	fail "btt found no Q2C: $(head -n 20 $dir/btt.txt)"

# btrace: blktrace piped into blkparse, live.
(btrace -w 3 /dev/vda > $dir/btrace.txt 2>&1) &
bpid=$!
wait_for 10 test -e $dbg/vda/trace0 || fail "btrace did not set up"
sleep 0.5
dd_direct /mnt/scratch/bt.dat 16
wait $bpid || fail "btrace: $(tail -n 5 $dir/btrace.txt)"
n=$(awk '$6 == "C" && $7 ~ /W/ && $10 == 8' $dir/btrace.txt | wc -l)
[ "$n" -ge 16 ] || fail "btrace: $n completions of 16 writes: $(head -n 5 $dir/btrace.txt)"

# A loop device: exactly dd's writes, 32 queued and 32 completed; then
# it and the scratch disk traced at once.
dd if=/dev/zero of=/tmp/bt.img bs=1M count=16 2>/dev/null
loop=$(losetup -f) || fail "no free loop device"
losetup "$loop" /tmp/bt.img || fail "losetup $loop"
ln=${loop#/dev/}
trace "$loop" -- dd_direct "$loop" 32
parse "$ln"
q=$(count "$ln" Q) c=$(count "$ln" C)
[ "$q" -eq 32 ] && [ "$c" -eq 32 ] ||
	fail "$ln: $q queued and $c completed of 32 writes"
acts=$(awk '{ n[$6]++ }
	END { for (a in n) if (a ~ /^[A-Z]+$/) printf "%s=%d ", a, n[a] }' $dir/$ln.txt)
echo "# counts $ln: $acts"

rm -f $dir/*.blktrace.*
trace /dev/vda "$loop" -- sh -c "dd if=/dev/zero of=$loop bs=4k count=8 oflag=direct 2>/dev/null &&
	dd if=/dev/zero of=/mnt/scratch/bt.dat bs=4k count=8 oflag=direct conv=notrunc 2>/dev/null"
parse vda
parse "$ln"
[ "$(count "$ln" Q)" -eq 8 ] || fail "two at once: $ln has $(count "$ln" Q) of 8 writes"
[ "$(count vda Q)" -ge 8 ] || fail "two at once: vda has $(count vda Q) of 8 writes"

# The ioctls' rules.
expect() {
	got=$(tfs blkioctl "$@" | head -n 1)
	shift 2
	case $got in
	"$want"*) ;;
	*) fail "blkioctl $*: expected $want, got $got" ;;
	esac
}
want=EINVAL expect "$loop" start
want=EINVAL expect "$loop" teardown
want=EINVAL expect "$loop" setup 0 4
want=EINVAL expect "$loop" setup 65536 0
[ ! -e $dbg/$ln/trace0 ] || fail "a rejected setup left $dbg/$ln/trace0"
want="ok $ln" expect "$loop" setup
for f in trace0 dropped msg; do
	[ -e $dbg/$ln/$f ] || fail "no $dbg/$ln/$f after setup"
done
want=EBUSY expect "$loop" setup
want=EINVAL expect "$loop" stop
want=ok expect "$loop" start
want=EINVAL expect "$loop" start
echo "a note" > $dbg/$ln/msg || fail "write to msg"
[ "$(cat $dbg/$ln/dropped)" = 0 ] || fail "dropped: $(cat $dbg/$ln/dropped)"
# Detached while traced, then torn down.
losetup -d "$loop" || fail "detach $loop while traced"
want=ok expect "$loop" stop
want=ok expect "$loop" teardown
[ ! -e $dbg/$ln/trace0 ] || fail "$dbg/$ln/trace0 left after teardown"
want=ok expect "$loop" seq
want=ENOTTY expect /tmp/bt.img setup
# Last, for the upstream flavour's sake, which accepts it (and then loses
# every record uncounted): a sub-buffer too small for a record.
want=EINVAL expect "$loop" setup 64 4
loop=
