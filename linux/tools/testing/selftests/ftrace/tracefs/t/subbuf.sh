# SPDX-License-Identifier: GPL-2.0
# buffer_subbuf_size_kb: sub-buffers of 1 to 128 pages, rounded up to a
# power of two. trace_pipe_raw reads and splices, snapshot_raw and
# header_page follow the size; a change empties the buffer; an instance
# has its own; bad sizes change nothing.
[ -f buffer_subbuf_size_kb ] || fail "no buffer_subbuf_size_kb"
command -v tfs >/dev/null || skip "no tfs helper"
cleanup() {
	rc=$?
	set +e
	echo 4 > buffer_subbuf_size_kb
	[ -d instances/subbuf ] && rmdir instances/subbuf
	[ ! -f snapshot ] || echo 0 > snapshot
	exit $rc
}
trap cleanup EXIT

data_size() {
	sed -n 's/^.*field: char data;.*size:\([0-9]*\);.*/\1/p' "${1:-.}/events/header_page"
}
[ "$(cat buffer_subbuf_size_kb)" = 4 ] || fail "default: $(cat buffer_subbuf_size_kb)"
[ "$(data_size)" = 4080 ] || fail "header_page data size $(data_size)"
last=$(( $(ls -d per_cpu/cpu* | wc -l) - 1 ))
raw=per_cpu/cpu$last/trace_pipe_raw

big=$(printf '%01000d' 0)
# Each size: header_page, a read and a splice of whole sub-buffers.
for kb in 8 16 64 512; do
	echo $kb > buffer_subbuf_size_kb
	[ "$(cat buffer_subbuf_size_kb)" = $kb ] ||
		fail "set $kb, reads $(cat buffer_subbuf_size_kb)"
	[ "$(data_size)" = $((kb * 1024 - 16)) ] ||
		fail "header_page at $kb KiB: $(data_size)"
	taskset -c "$last" sh -c "echo read-$kb > trace_marker"
	got=$(tfs read-nonblock $raw 2>/tmp/page || true)
	[ "$got" = "ok $((kb * 1024))" ] || fail "raw read at $kb KiB: $got"
	grep -q "read-$kb" /tmp/page || fail "the $kb KiB page lacks its record"
	# While tracing runs, splice takes whole sub-buffers only: fill one
	# with markers of 1 KiB and more.
	taskset -c "$last" sh -c "echo splice-$kb > trace_marker; i=0
		while [ \$i -le $kb ]; do echo $big > trace_marker; i=\$((i + 1)); done"
	got=$(tfs splice $raw $((kb * 1024)) 2>/tmp/page || true)
	[ "$got" = "ok $((kb * 1024))" ] || fail "splice at $kb KiB: $got"
	grep -q "splice-$kb" /tmp/page || fail "the spliced page lacks its record"
	# Less than a sub-buffer cannot be spliced.
	got=$(tfs splice $raw 4096 2>/dev/null || true)
	[ "$got" = EINVAL ] || fail "a 4 KiB splice of $kb KiB sub-buffers: $got"
done

# Rounded up to a power of two pages.
for pair in 1:4 3:4 5:8 12:16 100:128 300:512; do
	echo ${pair%:*} > buffer_subbuf_size_kb
	[ "$(cat buffer_subbuf_size_kb)" = ${pair#*:} ] ||
		fail "${pair%:*} KiB gave $(cat buffer_subbuf_size_kb)"
done

# Bad sizes are refused and change nothing.
echo 16 > buffer_subbuf_size_kb
echo kept > trace_marker
expect_reject buffer_subbuf_size_kb 0 "Invalid argument"
expect_reject buffer_subbuf_size_kb 513 "Invalid argument"
expect_reject buffer_subbuf_size_kb 99999999999999999999 \
	"Numerical result out of range"
expect_reject buffer_subbuf_size_kb -4 "Invalid argument"
expect_reject buffer_subbuf_size_kb abc "Invalid argument"
[ "$(marker_lines)" = kept ] || fail "a rejected size dropped the records"
# The same size again keeps them; another drops them.
echo 16 > buffer_subbuf_size_kb
[ "$(marker_lines)" = kept ] || fail "setting the same size dropped the records"
echo 32 > buffer_subbuf_size_kb
[ -z "$(marker_lines)" ] || fail "a new size kept records: $(marker_lines)"

# With sub-buffers larger than a page, a long marker is cut at its own
# limit, and the pieces read back whole, in order.
long=$(printf 'y%.0s' $(seq 6000))
echo "$long" > trace_marker
[ "$(marker_lines | tr -d '\n')" = "$long" ] || fail "a long marker came back cut"

# The snapshot's rings follow the size: snapshot_raw pages are of it.
if [ -f snapshot ]; then
	echo 1 > snapshot
	echo 8 > buffer_subbuf_size_kb
	taskset -c "$last" sh -c 'echo in-snap > trace_marker'
	echo 1 > snapshot
	got=$(tfs read-nonblock per_cpu/cpu$last/snapshot_raw 2>/tmp/page || true)
	[ "$got" = "ok 8192" ] || fail "snapshot_raw read: $got"
	grep -q in-snap /tmp/page || fail "the snapshot page lacks its record"
	echo 0 > snapshot
fi

# An instance has its own size; the top's stays.
echo 4 > buffer_subbuf_size_kb
mkdir instances/subbuf
echo 64 > instances/subbuf/buffer_subbuf_size_kb
[ "$(cat buffer_subbuf_size_kb)" = 4 ] || fail "the instance changed the top's size"
[ "$(data_size instances/subbuf)" = $((64 * 1024 - 16)) ] ||
	fail "instance header_page: $(data_size instances/subbuf)"
[ "$(data_size)" = 4080 ] || fail "top header_page after the instance's change"
taskset -c "$last" sh -c 'echo in-inst > instances/subbuf/trace_marker'
got=$(tfs read-nonblock instances/subbuf/$raw 2>/tmp/page || true)
[ "$got" = "ok 65536" ] || fail "instance raw read: $got"
grep -q in-inst /tmp/page || fail "the instance page lacks its record"
rmdir instances/subbuf
