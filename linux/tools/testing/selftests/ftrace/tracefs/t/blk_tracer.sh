# SPDX-License-Identifier: GPL-2.0
# The blk tracer: /sys/block/vda/trace/ sets the scratch disk's tracing
# up, and a direct-I/O dd's writes show in trace as blkparse's lines
# ("254,0 Q WS 2048 + 8 [dd]"), queued and completed; blk_classic's
# columns; act_mask by names; the same in an instance and through
# trace_pipe; the files' rules (act_mask 0 writes back; a refused write
# leaves the queue untraced).
# limit: 120
grep -qw blk available_tracers || skip "no blk tracer in available_tracers"
[ -b /dev/vda ] || skip "no scratch disk (harness/vm attaches one)"
sys=/sys/block/vda/trace
[ -d $sys ] || fail "no $sys"
cleanup() {
	echo 0 > $sys/enable 2>/dev/null || true
	rmdir instances/blk 2>/dev/null || true
	rm -f /mnt/scratch/blk.dat
}
trap cleanup EXIT

dd_direct() {
	dd if=/dev/zero of=/mnt/scratch/blk.dat bs=4k count="$1" oflag=direct \
		conv=notrunc 2>/dev/null || fail "dd"
}

[ "$(cat $sys/enable)" = 0 ] || fail "enable: $(cat $sys/enable)"
for f in act_mask pid start_lba end_lba; do
	[ "$(cat $sys/$f)" = disabled ] || fail "$f: '$(cat $sys/$f)' untraced"
done
expect_reject $sys/enable x "Invalid argument"
# Any number but 0 enables.
echo 2 > $sys/enable
[ "$(cat $sys/enable)" = 1 ] || fail "enable did not take"
all="read,write,flush,sync,queue,requeue,issue,complete,fs,pc,notify,ahead"
all="$all,meta,discard,drv_data,fua"
[ "$(cat $sys/act_mask)" = "$all" ] || fail "act_mask: $(cat $sys/act_mask)"
# The disk's sectors.
[ "$(cat $sys/start_lba)" = 0 ] || fail "start_lba: $(cat $sys/start_lba)"
[ "$(cat $sys/end_lba)" = "$(cat /sys/block/vda/size)" ] ||
	fail "end_lba: $(cat $sys/end_lba), size $(cat /sys/block/vda/size)"
expect_reject $sys/act_mask "write,bogus" "Invalid argument"

echo blk > current_tracer
echo 1 > tracing_on
dd_direct 16
sync
echo 0 > tracing_on
# "dd-123 [000] ..... 12.345678: 254,0    Q  WS 2048 + 8 [dd]"
re='^ +dd-[0-9]+ +\[[0-9]+\] [^ ]+ +[0-9.]+: +[0-9]+,[0-9]+ +Q +WS? [0-9]+ \+ 8 \[dd\]$'
n=$(grep -Ec "$re" trace || true)
[ "$n" -ge 16 ] || fail "$n of dd's 16 writes queued: $(grep -m 5 ' Q ' trace)"
grep -Eq ': +[0-9]+,[0-9]+ +C +WS? [0-9]+ \+ 8 \[0\]$' trace ||
	fail "no completion: $(grep -m 5 ' C ' trace)"
grep -Eq ': +[0-9]+,[0-9]+ +D +WS? [0-9]+ \+ 8 \[dd\]$' trace ||
	fail "no issue: $(grep -m 5 ' D ' trace)"

# blk_classic: blkparse's own columns, and its header.
echo 1 > options/blk_classic
grep -q '^# DEV   CPU TIMESTAMP     PID ACT FLG' trace || fail "classic header: $(head -n 3 trace)"
re='^ *[0-9]+,[0-9]+ +[0-9]+ +[0-9]+\.[0-9]{9} +[0-9]+ +Q +WS? [0-9]+ \+ 8 \[dd\]$'
grep -Eq "$re" trace || fail "classic line: $(grep -m 3 ' Q ' trace)"
echo 0 > options/blk_classic

# act_mask: only completions of writes... or anything complete.
echo complete > $sys/act_mask
[ "$(cat $sys/act_mask)" = complete ] || fail "act_mask: $(cat $sys/act_mask)"
echo > trace
echo 1 > tracing_on
dd_direct 8
sync
echo 0 > tracing_on
grep -Eq ': +[0-9]+,[0-9]+ +C ' trace || fail "no completion with act_mask complete"
! grep -Eq ': +[0-9]+,[0-9]+ +(Q|D|G|I) ' trace ||
	fail "act_mask complete let through: $(grep -Em 3 ': +[0-9]+,[0-9]+ +(Q|D|G|I) ' trace)"
echo 0xffff > $sys/act_mask
[ "$(cat $sys/act_mask)" = "$all" ] || fail "act_mask 0xffff: $(cat $sys/act_mask)"

echo nop > current_tracer
echo 0 > $sys/enable
[ "$(cat $sys/act_mask)" = disabled ] || fail "act_mask after disable: $(cat $sys/act_mask)"
# A filter written first sets the tracing up.
echo 123 > $sys/pid
[ "$(cat $sys/enable)" = 1 ] && [ "$(cat $sys/pid)" = 123 ] ||
	fail "pid did not set up: $(cat $sys/enable) $(cat $sys/pid)"
# act_mask 0 reads as an empty line, which writes back (make fuzz found
# it refused); an empty name in a list is none.
echo 0 > $sys/act_mask
[ -z "$(cat $sys/act_mask)" ] || fail "act_mask 0: '$(cat $sys/act_mask)'"
echo "$(cat $sys/act_mask)" > $sys/act_mask || fail "act_mask 0 did not write back"
echo "read,,write," > $sys/act_mask || fail "act_mask 'read,,write,' refused"
[ "$(cat $sys/act_mask)" = read,write ] || fail "act_mask: $(cat $sys/act_mask)"
echo 0xffff > $sys/act_mask
echo 0 > $sys/enable

# Last, for the upstream flavour's sake, whose blk tracer runs at the top
# only: in an instance, read through trace_pipe.
echo 1 > $sys/enable
mkdir instances/blk
echo blk > instances/blk/current_tracer
dd_direct 8
sync
n=$(timeout 2 cat instances/blk/trace_pipe | grep -Ec ' Q +WS? [0-9]+ \+ 8 \[dd\]$' || true)
[ "$n" -ge 8 ] || fail "instance trace_pipe: $n of 8 writes"
echo nop > instances/blk/current_tracer
rmdir instances/blk

# Ours only (upstream truncates): a value out of range is refused before
# the tracing is set up, so the queue stays untraced (make fuzz found it
# traced by a refused write).
echo 0 > $sys/enable
expect_reject $sys/pid 4194305 "Invalid argument"
expect_reject $sys/act_mask 65536 "Invalid argument"
[ "$(cat $sys/enable)" = 0 ] || fail "a refused write set the tracing up"
