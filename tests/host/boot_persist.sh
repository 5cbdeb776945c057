#!/usr/bin/env bash
# A buffer that survives a warm reboot: trace_instance=NAME@RESERVE with
# reserve_mem=, and NAME@ADDR:SIZE with memmap=, hold their events across
# a reboot (harness/vm -R); the next boot reads them through trace and
# trace-cmd, in order and symbolised, until tracing restarts in the
# instance. Memory that does not hold a valid buffer (a cold boot, pages
# corrupted from the host, a layout of another size) is reset with a
# console message, and nothing of it is shown. Also trace_instance='s
# ^traceoff and ^traceprintk flags.
#
# BOOT_KERNEL=upstream runs it on the upstream flavour (default: test).
. "$(dirname "$0")/lib.bash"
kernel=${BOOT_KERNEL:-test}
ko=$TOP/build/kernels/$kernel/samples/ftrace/ftrace-direct.ko
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ram=$tmp/ram
# Below 4G, guest-physical addresses are offsets in the RAM file.
mm=0x30000000 sz=0x30400000
mem="memmap=2M\$$mm memmap=2M\$$sz trace_instance=boot_mm@$mm:2M"
app="reserve_mem=4M:4096:trace trace_instance=boot_map^traceoff^traceprintk@trace,sched_switch $mem"

# First boot: write; second boot (after the warm reboot): read, then
# restart tracing in boot_map.
p1='	cd instances/boot_map
	echo "on0 $(cat tracing_on)"
	echo "cold $(grep -vc "^#" trace)"
	echo 1 > tracing_on
	echo vfs_read > set_ftrace_filter
	echo function > current_tracer
	echo persist-mark-1 > trace_marker
	cat /proc/version > /dev/null
	insmod /opt/ftrace-direct.ko && sleep 0.5 && rmmod ftrace_direct
	echo "top $(grep -c "waking up" ../../trace)"
	echo persist-mark-2 > trace_marker
	echo 0 > tracing_on
	grep -v "^#" trace > /mnt/scratch/before
	echo nop > current_tracer
	echo mm-mark > ../boot_mm/trace_marker
	echo sz-mark > ../boot_sz/trace_marker
	dmesg | grep -i "tracing\|ring buffer" > /mnt/scratch/dmesg1'
p2='
	cd instances/boot_map
	sed "s/^/first /" /mnt/scratch/dmesg1
	dmesg | grep -i "tracing\|ring buffer" | sed "s/^/dmesg /"
	echo "on $(cat tracing_on)"
	grep -v "^#" trace > /tmp/after
	# Task names are not kept: saved_cmdlines is of this boot.
	strip() { sed "s/^ *.*-\([0-9][0-9]*\) *\[/\1 [/" "$1"; }
	[ -s /tmp/after ] && [ "$(strip /mnt/scratch/before)" = "$(strip /tmp/after)" ] &&
		echo "same trace"
	sed "s/^/before /" /mnt/scratch/before
	sed "s/^/after /" /tmp/after
	sed "s/^/info /" last_boot_info
	rmdir ../boot_map 2>/dev/null || echo "rmdir refused"
	echo 64 > buffer_size_kb 2>/dev/null || echo "resize refused"
	trace-cmd extract -B boot_map -o /tmp/t.dat > /dev/null 2>&1
	trace-cmd report -i /tmp/t.dat 2>/dev/null | sed "s/^/report /"
	grep -v "^#" ../boot_mm/trace | sed "s/^/mm /"
	echo 1 > tracing_on
	echo "restarted $(grep -c persist-mark trace)"
	'
HARNESS_APPEND="$app trace_instance=boot_sz@$sz:2M" "$TOP/harness/vm" -q \
	-k "$kernel" -t 300 -M "$ram" -a "$ko:/opt/ftrace-direct.ko" -R "$p2" "$p1" > "$tmp/out" 2>&1
out=$(cat "$tmp/out")
[ -z "${BOOT_PERSIST_DEBUG:-}" ] || cat "$tmp/out" >&2

check "^traceoff: boot_map starts with tracing off" grep -qx 'on0 0' <<< "$out"
check "a cold boot shows nothing" grep -qx 'cold 0' <<< "$out"
check "and resets the memory with a message" grep -q \
	"^first .*\\(boot_map: no previous boot.*reset\\|boot meta\\[0\\] mismatch\\)" \
	<<< "$out"
check "the markers were written" test "$(grep -c '^before .*persist-mark-[12]' <<< "$out")" = 2
check "^traceprintk: trace_printk() went to boot_map" \
	grep -q '^before .*waking up' <<< "$out"
check "and not to the top array" grep -qx 'top 0' <<< "$out"
check "the reboot kept the events, byte for byte" grep -qx 'same trace' <<< "$out"
check "with a message of the previous boot" \
	grep -q '^dmesg .*\(boot_map: CPU [0-9]*: [0-9]* pages of the previous boot\|meta \[[0-9]\] is from previous boot\)' \
	<<< "$out"
check "tracing stays off after the reboot" grep -qx 'on 0' <<< "$out"
check "function addresses symbolise" \
	grep -q '^after .* vfs_read <-' <<< "$out"
ts=$(sed -n 's/^after .* \([0-9]*\.[0-9]*\): .*/\1/p' <<< "$out")
check "timestamps are in order" test -n "$ts" -a "$ts" = "$(sort -n <<< "$ts")"
check "last_boot_info gives the text delta" grep -qx $'info text delta:\t0' <<< "$out"
check "the instance cannot be removed" grep -qx 'rmdir refused' <<< "$out"
check "nor resized" grep -qx 'resize refused' <<< "$out"
check "trace-cmd reads the markers from trace_pipe_raw" test \
	"$(grep -c '^report .*persist-mark-[12]' <<< "$out")" = 2
rts=$(sed -n 's/^report .* \([0-9]*\.[0-9]*\): .*/\1/p' <<< "$out")
check "in order" test -n "$rts" -a "$rts" = "$(sort -n <<< "$rts")"
check "memmap= memory keeps its events too" grep -q '^mm .*mm-mark' <<< "$out"
check "restarting tracing drops the previous boot's" grep -qx 'restarted 0' <<< "$out"

# Corrupt boot_mm's data pages from the host; boot_sz comes back smaller.
off=$((mm + 8192))
head -c $((1024 * 1024)) /dev/urandom |
	dd of="$ram" bs=4096 seek=$((off / 4096)) conv=notrunc status=none
out=$(HARNESS_APPEND="$app trace_instance=boot_sz@$sz:1M" "$TOP/harness/vm" -q \
	-k "$kernel" -t 120 -M "$ram" '
	dmesg | grep -i "tracing\|ring buffer" | sed "s/^/dmesg /"
	echo "mm $(grep -vc "^#" instances/boot_mm/trace)"
	echo "sz $(grep -vc "^#" instances/boot_sz/trace)"
	echo "map $(grep -c persist-mark instances/boot_map/trace)"' 2>&1)
check "corrupted pages are reset with a message" \
	grep -q '^dmesg .*\(boot_mm: no previous.*malformed\|boot meta \[[0-9]\] buffer invalid\)' <<< "$out"
check "and show nothing" grep -qx 'mm 0' <<< "$out"
check "a layout of another size is reset with a message" \
	grep -q '^dmesg .*\(boot_sz: no previous.*layout\|mismatch of subbuf_size\)' <<< "$out"
check "and shows nothing" grep -qx 'sz 0' <<< "$out"
