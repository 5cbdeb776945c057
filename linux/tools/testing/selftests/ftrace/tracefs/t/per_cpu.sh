# per_cpu/cpuN/ holds one CPU's trace, trace_pipe, trace_pipe_raw,
# buffer_size_kb and stats, for every possible CPU.
ncpu=$(ls -d per_cpu/cpu* | wc -l)
[ "$ncpu" -ge 1 ] || fail "no per_cpu directories"
for d in per_cpu/cpu*; do
	for f in trace trace_pipe trace_pipe_raw buffer_size_kb stats; do
		[ -e "$d/$f" ] || fail "missing $d/$f"
	done
done
command -v taskset >/dev/null || skip "no taskset"
last=$((ncpu - 1))
taskset -c "$last" sh -c 'echo on-last > trace_marker'
grep -q "tracing_mark_write: on-last" "per_cpu/cpu$last/trace" ||
	fail "cpu$last/trace lacks its record"
grep -q "\[$(printf %03d $last)\].*on-last" trace || fail "CPU column"
if [ "$ncpu" -gt 1 ]; then
	grep -q on-last per_cpu/cpu0/trace && fail "cpu0/trace shows cpu$last's record"
fi
grep -q "^entries: 1$" "per_cpu/cpu$last/stats" ||
	fail "stats: $(cat per_cpu/cpu$last/stats)"
for k in overrun "commit overrun" bytes "oldest event ts" "now ts" \
	 "dropped events" "read events"; do
	grep -q "^$k: " "per_cpu/cpu$last/stats" || fail "stats lacks '$k'"
done
# The CPU's trace_pipe consumes its record; read events counts it.
got=$(timeout 2 cat "per_cpu/cpu$last/trace_pipe" || true)
echo "$got" | grep -q on-last || fail "cpu trace_pipe: '$got'"
grep -q "^read events: 1$" "per_cpu/cpu$last/stats" || fail "read events"
# trace_pipe_raw: one whole page per read, the partial page included,
# then EAGAIN when empty.
command -v tfs >/dev/null || skip "no tfs helper"
taskset -c "$last" sh -c 'echo raw-one > trace_marker'
raw=per_cpu/cpu$last/trace_pipe_raw
[ "$(tfs read-nonblock $raw 2>/tmp/page)" = "ok 4096" ] || fail "raw read size"
grep -q raw-one /tmp/page || fail "the page lacks the record"
[ "$(tfs read-nonblock $raw 2>/dev/null)" = EAGAIN ] || fail "empty raw read"
[ "$(tfs poll $raw 200)" = timeout ] || fail "poll of an empty raw file"
# The layouts tools parse.
grep -q "field: u64 timestamp;	offset:0;	size:8;	signed:0;" events/header_page ||
	fail "header_page: $(cat events/header_page)"
grep -q "field: char data;	offset:16;	size:4080;	signed:1;" events/header_page ||
	fail "header_page data"
for w in "type_len    :    5 bits" "time_delta  :   27 bits" "array       :   32 bits" \
	 "padding     : type == 29" "time_extend : type == 30" \
	 "time_stamp : type == 31" "data max type_len  == 28"; do
	grep -qF "$w" events/header_event || fail "header_event lacks '$w'"
done
# A blocked raw reader returns (end of file) when tracing stops.
timeout 10 cat "$raw" > /tmp/raw.out &
r=$!
sleep 1
echo 0 > tracing_on
wait $r || fail "a blocked trace_pipe_raw reader did not return at the stop"
echo 1 > tracing_on
# With buffer_percent 0, one record wakes a blocked raw reader.
echo 0 > buffer_percent
timeout 10 dd if="$raw" of=/tmp/raw.out bs=4096 count=1 2>/dev/null &
r=$!
sleep 1
taskset -c "$last" sh -c 'echo wake-up > trace_marker'
wait $r || fail "buffer_percent 0: the reader did not wake"
grep -q wake-up /tmp/raw.out || fail "the woken reader lacks the record"
echo 50 > buffer_percent
# The formats of the core's own records.
grep -q "^ID: 5$" events/ftrace/print/format || fail "print format"
[ "$(cat events/ftrace/print/id)" = 5 ] || fail "print id"
grep -q "field:char buf\[\];	offset:16;	size:0;" events/ftrace/print/format ||
	fail "print buf field"
