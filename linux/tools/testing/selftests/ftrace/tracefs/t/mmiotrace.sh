# SPDX-License-Identifier: GPL-2.0
# limit: 600
# mmiotrace, with the kernel's test module (testmmiotrace.ko) on a
# device nothing else uses: the BAR of RAM of QEMU's ivshmem-plain
# (make check's guest has one; HARNESS_QEMU="-object
# memory-backend-ram,id=mmio,size=16M -device ivshmem-plain,memdev=mmio"
# gives it to another). The tracer takes every CPU but one offline while
# it runs and brings them back when it stops; trace_pipe begins with
# the VERSION line and a PCIDEV line per PCI device, as sysfs describes
# them; the module's mapping of 8 MiB is one MAP line, each of its 5120
# writes a W line with the width, address and value it wrote, each read
# an R line with what it read back (the same, and its own check finds
# no error), the iounmap an UNMAP line with the mapping's id; its
# markers and trace_marker's are MARK lines, and the trace file has the
# same lines and no other (an event enabled meanwhile prints nothing).
# With a buffer too small, trace_pipe says how many records were lost,
# exactly, and the console says that some were. Upstream records no
# marker of mmiotrace_printk() unless trace_printk() is in use (its
# buffers are not allocated): on its kernel (without events/ftrace/*/id)
# the test does without them.
grep -qw mmiotrace available_tracers || skip "no mmiotrace tracer"
use_sample testmmiotrace

# The device: vendor 0x1af4, device 0x1110, BAR 2 of 16 MiB.
dev=
for d in /sys/bus/pci/devices/*; do
	[ "$(cat $d/vendor):$(cat $d/device)" = 0x1af4:0x1110 ] && dev=$d
done
[ -n "$dev" ] || skip "no ivshmem-plain device (QEMU -device ivshmem-plain)"
set -- $(sed -n 3p $dev/resource)
bar=$(($1))
[ $(($2 - $1 + 1)) -ge $((8 << 20)) ] ||
	skip "ivshmem-plain's BAR 2 is below 8 MiB ($1-$2)"
barx=$(printf '0x%x' $bar)

ours=
[ ! -f events/ftrace/mmiotrace_rw/id ] || ours=1
online=/sys/devices/system/cpu/online
cpus=$(cat $online)
hp=/sys/devices/system/cpu/cpu1/online
side=instances/mmio_side

# load [EVENTS]: the records of one load of the module into the top
# buffer; with EVENTS, sched_process_fork's too (which print nothing).
load() {
	echo mmiotrace > current_tracer
	[ "$(cat current_tracer)" = mmiotrace ] || fail "current_tracer: $(cat current_tracer)"
	if [ -e $hp ]; then
		[ "$(cat $online)" = 0 ] ||
			fail "online CPUs while mmiotrace runs: $(cat $online), not 0"
	fi
	ev=events/sched/sched_process_fork/enable
	[ -n "${1:-}" ] && [ -f $ev ] || ev=/dev/null
	echo 1 > $ev
	insmod $ko mmio_address=$bar || fail "insmod $ko mmio_address=$barx"
	rmmod testmmiotrace
	echo 0 > $ev
	echo "mmiotrace test marker" > trace_marker
}

# pipe FILE: trace_pipe into FILE, until the marker of load() is in it.
pipe() {
	cat trace_pipe > $1 &
	p=$!
	wait_for 60 grep -q 'test marker' $1 ||
		{ kill $p; fail "no marker in trace_pipe: $(tail -n 3 $1)"; }
	kill $p
	wait $p 2>/dev/null || true
}

# The function tracer in an instance beside it, through the hotplug.
if grep -qw function available_tracers && mkdir $side; then
	if echo vfs_write > $side/set_ftrace_filter; then
		echo function > $side/current_tracer
	else
		rmdir $side
	fi
fi
load events
[ "$(head -n 1 trace)" = "# tracer: mmiotrace" ] || fail "trace: $(head -n 1 trace)"
grep -v '^#' trace > /tmp/mmio.trace
pipe /tmp/mmio.pipe
echo nop > current_tracer
[ "$(cat $online)" = "$cpus" ] ||
	fail "online CPUs after mmiotrace: $(cat $online), not $cpus"
if [ -d $side ] && [ -e $hp ] && command -v taskset >/dev/null; then
	taskset -c 1 sh -c 'echo back > /dev/null'
	grep -q vfs_write $side/per_cpu/cpu1/trace ||
		fail "the instance's function tracer records nothing on CPU 1 after"
fi
if [ -d $side ]; then
	echo nop > $side/current_tracer
	rmdir $side
fi

f=/tmp/mmio.pipe
[ "$(head -n 1 $f)" = "VERSION 20070824" ] || fail "first line: $(head -n 1 $f)"

# PCIDEV: /proc/bus/pci/devices' fields, from sysfs.
for d in /sys/bus/pci/devices/*; do
	b=${d##*/}
	slot=${b#*:*:}
	bus=${b#*:}
	bus=${bus%%:*}
	devfn=$(((0x${slot%.*} << 3) | ${slot#*.}))
	drv=
	[ ! -e $d/driver ] || drv=$(basename "$(readlink $d/driver)")
	line=$(printf 'PCIDEV %02x%02x %04x%04x %x' 0x$bus $devfn \
		$(cat $d/vendor) $(cat $d/device) $(cat $d/irq))
	starts= sizes=
	for r in 1 2 3 4 5 6 7; do
		set -- $(sed -n ${r}p $d/resource)
		starts="$starts $(printf '%x' $(($1 | ($3 & 0xf))))"
		if [ $(($1)) -lt $(($2)) ]; then
			sizes="$sizes $(printf '%x' $(($2 - $1 + 1)))"
		else
			sizes="$sizes 0"
		fi
	done
	echo "$line$starts$sizes $drv"
done | sort > /tmp/mmio.pcidev.want
grep '^PCIDEV ' $f | sort > /tmp/mmio.pcidev
cmp -s /tmp/mmio.pcidev /tmp/mmio.pcidev.want ||
	fail "PCIDEV lines: $(diff /tmp/mmio.pcidev.want /tmp/mmio.pcidev | head -n 6)"
[ "$(sed -n "2,$(($(wc -l < /tmp/mmio.pcidev) + 1))p" $f | grep -vc '^PCIDEV ')" = 0 ] ||
	fail "the PCIDEV lines do not follow VERSION: $(head -n 4 $f)"

# The lines' shapes (Documentation/trace/mmiotrace.rst).
ts='[0-9]+\.[0-9]{6}'
re="^(VERSION 20070824|PCIDEV .*|[RW] [124] $ts [0-9]+ 0x[0-9a-f]+ 0x[0-9a-f]+ 0x[0-9a-f]+ 0"
re="$re|MAP $ts [0-9]+ 0x[0-9a-f]+ 0x[0-9a-f]+ 0x[0-9a-f]+ 0x0 0|UNMAP $ts -?[0-9]+ 0x0 0"
re="$re|MARK $ts .*)\$"
bad=$(grep -Evc "$re" $f || true)
[ "$bad" = 0 ] || fail "$bad lines not in shape: $(grep -Ev "$re" $f | head -n 3)"

# The mapping: its MAP, the module's accesses through it, its UNMAP.
map=$(grep -E "^MAP $ts [0-9]+ $barx 0x[0-9a-f]+ 0x800000 " $f | head -n 1)
[ -n "$map" ] || fail "no MAP of 8 MiB at $barx: $(grep '^MAP' $f | head -n 3)"
id=$(echo "$map" | cut -d' ' -f3)
grep -Eq "^UNMAP $ts $id 0x0 0\$" $f || fail "no UNMAP of map $id"
# The bulk test's ten mappings of a page, each unmapped.
[ "$(grep -Ec "^MAP $ts [0-9]+ $barx 0x[0-9a-f]+ 0x1000 " $f)" = 10 ] ||
	fail "not 10 MAPs of a page: $(grep -c '^MAP' $f) MAP lines"
[ "$(grep -c '^UNMAP' $f)" = 11 ] || fail "$(grep -c '^UNMAP' $f) UNMAP lines, not 11"
marks=0
if grep -Eq "^MARK $ts ioremap returned " $f; then
	marks=5
	grep -Eq "^MARK $ts Read errors: 8-bit 0, 16-bit 0, 32-bit 0\.\$" $f ||
		fail "the module read back other values: $(grep 'Read errors' $f)"
else
	[ -z "$ours" ] || fail "no MARK of mmiotrace_printk()"
	echo "no MARK of mmiotrace_printk() (upstream: no trace_printk buffers)"
fi
grep -Eq "^MARK $ts mmiotrace test marker\$" $f || fail "no MARK of trace_marker"
grep -Ev '^(VERSION|PCIDEV) ' $f | cmp -s - /tmp/mmio.trace ||
	fail "trace and trace_pipe differ: $(grep -Ev '^(VERSION|PCIDEV) ' $f |
		diff - /tmp/mmio.trace | head -n 4)"

# testmmiotrace.c's pattern: bytes 0-255 at 0, 16-bit i * 12 + 7 from
# 1024 to 5 KiB, 32-bit i * 212371 + 13 to 16 KiB; then read back the
# same way, and one 32-bit read at 0x400100.
grep -E '^[RW] ' $f | awk -v bar=$bar -v id=$id '
function hex(s,  i, n) {
	n = 0
	for (i = 3; i <= length(s); i++)
		n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return n
}
function want(off) {
	if (off < 256) { w = 1; v = off; step = 1 }
	else if (off >= 1024 && off < 5120) { w = 2; v = off * 12 + 7; step = 2 }
	else { w = 4; v = off * 212371 + 13; step = 4 }
}
BEGIN { next_w = 0; next_r = 0; nw = nr = 0 }
$4 != id { print "map id " $4 " in: " $0; exit 1 }
{
	off = hex($5) - bar
	if ($1 == "R" && off == 4194560 && $2 == 4) { far++; next }
	want(off)
	if (off != ($1 == "W" ? next_w : next_r) || $2 != w || hex($6) != v) {
		print "at " off ", expected " w " bytes of " v ": " $0; exit 1
	}
	if ($1 == "W") { nw++; next_w = off + step; if (next_w == 256) next_w = 1024 }
	else { nr++; next_r = off + step; if (next_r == 256) next_r = 1024 }
}
END { if (nw != 5120 || nr != 5120 || far != 1) {
	print nw " writes, " nr " reads, " far " far reads"; exit 1 } }
' > /tmp/mmio.check || fail "$(cat /tmp/mmio.check)"
echo "$(wc -l < $f) lines, map $id at $barx"

# Lost records: a buffer of 64 KiB, overwritten, and no reader while
# the module runs. What trace_pipe gives and what it says it lost add up
# to what was written: 10241 accesses, 11 mappings, 11 unmaps, the
# module's markers and load()'s.
kb=$(cat buffer_size_kb)
echo 64 > buffer_size_kb
dmesg -c > /dev/null
load
pipe /tmp/mmio.lost
echo nop > current_tracer
echo $kb > buffer_size_kb
f=/tmp/mmio.lost
[ "$(head -n 1 $f)" = "VERSION 20070824" ] || fail "first line: $(head -n 1 $f)"
lost=$(sed -n 's/^MARK 0\.000000 Lost \([0-9]*\) events\.$/\1/p' $f |
	awk '{ n += $1 } END { print n + 0 }')
[ "$lost" -gt 0 ] || fail "no loss reported: $(head -n 3 $f)"
got=$(grep -v '^MARK 0\.000000 Lost ' $f | grep -Ec '^([RW]|MAP|UNMAP|MARK) ' || true)
all=$((10241 + 11 + 11 + marks + 1))
[ $((lost + got)) = $all ] || fail "$lost lost and $got read, not $all"
dmesg | grep -q "mmiotrace has lost events" || fail "no warning of the loss on the console"
echo "$lost lost, $got read"
