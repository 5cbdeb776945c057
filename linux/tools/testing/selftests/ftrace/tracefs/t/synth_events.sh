# SPDX-License-Identifier: GPL-2.0
# Synthetic events: definitions in synthetic_events and in dynamic_events
# ("s:"), listed each file's way; the event's directory, format (fields at
# their natural alignment) and filter; removal by "!" whatever the fields,
# by -:synthetic/ in dynamic_events, never while enabled; each definition
# file clearing only its own kind; and what is refused, with its errno,
# its error_log position under synthetic_events, and nothing changed.
# limit: 120
[ -f synthetic_events ] || skip "no synthetic_events (CONFIG_SYNTH_EVENTS)"
grep -qF 's:[synthetic/]<event> <field>' README || fail "README: no s: syntax"
grep -qF "' >> synthetic_events" README || fail "README: no synthetic_events example"
t=$(printf '\t')
echo > dynamic_events

echo 'wake_lat u64 lat; pid_t pid; char comm[16]; char path[]; long[] stack' >> synthetic_events
echo 's:synthetic/blk pid_t pid;u64 delta ;; unsigned int n' >> dynamic_events
want="wake_lat${t}u64 lat; pid_t pid; char[16] comm; char[] path; long[] stack
blk${t}pid_t pid; u64 delta; unsigned int n"
[ "$(cat synthetic_events)" = "$want" ] || fail "synthetic_events: $(cat synthetic_events)"
want="s:synthetic/wake_lat${t}u64 lat; pid_t pid; char[16] comm; char[] path; long[] stack
s:synthetic/blk${t}pid_t pid; u64 delta; unsigned int n"
[ "$(cat dynamic_events)" = "$want" ] || fail "dynamic_events: $(cat dynamic_events)"
for f in enable filter format id trigger; do
	[ -f events/synthetic/wake_lat/$f ] || fail "no events/synthetic/wake_lat/$f"
done
grep -qx 'synthetic:wake_lat' available_events || fail "not in available_events"
fmt=events/synthetic/wake_lat/format
for l in "field:u64 lat;${t}offset:8;${t}size:8;${t}signed:0;" \
	 "field:pid_t pid;${t}offset:16;${t}size:4;${t}signed:1;" \
	 "field:char comm[16];${t}offset:20;${t}size:16;${t}signed:1;" \
	 "field:__data_loc char[] path;${t}offset:36;${t}size:4;${t}signed:1;" \
	 "field:__data_loc long[] stack;${t}offset:40;${t}size:4;${t}signed:1;"; do
	grep -qxF "$t$l" $fmt || fail "format: no '$l': $(cat $fmt)"
done
pf='print fmt: "lat=%llu, pid=%d, comm=%s, path=%s, stack=%s", REC->lat, REC->pid'
pf="$pf, REC->comm, __get_str(path), __get_stacktrace(stack)"
grep -qxF "$pf" $fmt || fail "print fmt: $(grep 'print fmt' $fmt)"
# The rewritten listing reads back as the same event.
echo '!blk' >> synthetic_events
echo "blk${t}pid_t pid; u64 delta; unsigned int n" >> synthetic_events
grep -qxF "${t}field:unsigned int n;${t}offset:24;${t}size:4;${t}signed:0;" \
	events/synthetic/blk/format || fail "blk's format: $(cat events/synthetic/blk/format)"

# A filter on its fields; enabled, it stays until disabled.
echo 'lat > 10 && comm ~ "sh*"' > events/synthetic/wake_lat/filter
[ "$(cat events/synthetic/wake_lat/filter)" = 'lat > 10 && comm ~ "sh*"' ] ||
	fail "filter: $(cat events/synthetic/wake_lat/filter)"
expect_reject events/synthetic/wake_lat/filter 'nosuch == 1' 'Invalid argument'
echo 1 > events/synthetic/wake_lat/enable
expect_reject synthetic_events '!wake_lat' 'Device or resource busy'
expect_reject dynamic_events '-:synthetic/wake_lat' 'Device or resource busy'
(: > synthetic_events) 2> /dev/null && fail "O_TRUNC with an enabled event"
[ -d events/synthetic/blk ] || fail "O_TRUNC removed part of the events"
echo 0 > events/synthetic/wake_lat/enable

# "!" removes whatever fields follow; -: only in dynamic_events.
echo '!wake_lat u8 nothing' >> synthetic_events
[ ! -d events/synthetic/wake_lat ] || fail "!wake_lat left its directory"
expect_reject synthetic_events '!wake_lat' 'No such file or directory'
expect_reject synthetic_events '-:blk' 'Invalid argument'
echo '-:synthetic/blk' >> dynamic_events
[ -z "$(cat synthetic_events)" ] || fail "left: $(cat synthetic_events)"

# Each file clears its own kind; dynamic_events clears all.
echo 'p:kp/open do_sys_openat2' >> dynamic_events
echo 's:s1 u64 x' >> dynamic_events
echo > synthetic_events
[ "$(cat dynamic_events)" = 'p:kp/open do_sys_openat2' ] ||
	fail "> synthetic_events: $(cat dynamic_events)"
echo 's1 u64 x' >> synthetic_events
echo > kprobe_events
[ "$(cat dynamic_events)" = "s:synthetic/s1${t}u64 x" ] ||
	fail "> kprobe_events: $(cat dynamic_events)"
echo '!s:synthetic/s1 u64 y' >> dynamic_events
[ -z "$(cat dynamic_events)" ] || fail "!s: left $(cat dynamic_events)"

# Refused: errno, error_log position, nothing changed.
echo 'keep u64 x' > synthetic_events
expect_reject synthetic_events 'keep u32 y' 'File exists'
check_err() { # file command-with-^ errno
	cmd=$(printf '%s' "$2" | tr -d '^')
	pos=$(printf '%s' "${2%%^*}" | wc -c)
	echo > error_log
	expect_reject "$1" "$cmd" "$3"
	grep -q 'synthetic_events: error:' error_log || fail "no error_log entry for '$cmd'"
	n=$(tail -n 1 error_log | wc -c)
	[ "$n" -eq $((pos + 13)) ] ||
		fail "'$cmd': caret at $((n - 13)), want $pos: $(cat error_log)"
}
check_err synthetic_events 'ev ^chr a' 'Invalid argument'
check_err synthetic_events 'ev ^unsigned a' 'Invalid argument'
check_err synthetic_events 'ev u64 a; char ^b[257]' 'Invalid argument'
check_err synthetic_events 'ev u64 a ^b' 'Invalid argument'
check_err synthetic_events 'ev u64 a; u64 ^a' 'Invalid argument'
check_err synthetic_events '^ev; u64 a' 'Invalid argument'
check_err synthetic_events '^e-v u64 a' 'Invalid argument'
check_err dynamic_events '^s:other/ev u64 a' 'Invalid argument'
check_err dynamic_events 's:ev u64 a; ^u32[] b' 'Invalid argument'
[ "$(cat synthetic_events)" = "keep${t}u64 x" ] || fail "changed: $(cat synthetic_events)"
echo > synthetic_events
