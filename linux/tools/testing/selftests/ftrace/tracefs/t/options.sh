# trace_options and options/ show and set the same options; unknown names
# and values are refused.
for o in print-parent sym-offset sym-addr verbose raw hex bin block \
	 context-info latency-format record-cmd record-tgid overwrite \
	 disable_on_free irq-info markers annotate pause-on-trace \
	 printk-msg-only trace_printk; do
	[ -f "options/$o" ] || fail "no options/$o"
	v=$(cat "options/$o")
	if [ "$v" = 1 ]; then
		grep -qx "$o" trace_options || fail "$o on but trace_options disagrees"
	else
		grep -qx "no$o" trace_options || fail "$o off but trace_options disagrees"
	fi
done
[ "$(cat options/overwrite)" = 1 ] || fail "overwrite is not on by default"
echo nooverwrite > trace_options
[ "$(cat options/overwrite)" = 0 ] || fail "nooverwrite did not reach options/"
echo 1 > options/overwrite
grep -qx overwrite trace_options || fail "options/overwrite did not reach trace_options"
expect_reject trace_options nosuchoption "Invalid argument"
expect_reject trace_options nonosuch "Invalid argument"
expect_reject options/overwrite 2 "Invalid argument"
expect_reject options/overwrite yes "Invalid argument"
# context-info off: only the message; irq-info off: no flag columns.
echo ctx > trace_marker
echo 0 > options/context-info
grep -qx "tracing_mark_write: ctx" trace || fail "context-info off: $(tail -n 1 trace)"
echo 1 > options/context-info
echo 0 > options/irq-info
line=$(grep "tracing_mark_write: ctx" trace)
echo "$line" | grep -Eq '^ +[^ ]+-[0-9]+ +\[[0-9]{3}\] +[0-9]+\.[0-9]{6}: ' ||
	fail "irq-info off: '$line'"
echo 1 > options/irq-info
# markers off: trace_marker refuses writes.
echo 0 > options/markers
[ "$(write_errno trace_marker nope)" = "Invalid argument" ] ||
	fail "markers off still takes writes"
echo 1 > options/markers
# Keep the oldest: when full, new records are dropped and counted.
echo nooverwrite > trace_options
echo 8 > buffer_size_kb
echo > trace
i=0
while [ $i -lt 400 ]; do echo "fill $i" > trace_marker 2>/dev/null || true; i=$((i + 1)); done
marker_lines | head -n 1 | grep -qx "fill 0" || fail "the oldest record was not kept"
dropped=0
for s in per_cpu/cpu*/stats; do
	dropped=$((dropped + $(sed -n 's/^dropped events: //p' "$s")))
done
[ "$dropped" -gt 0 ] || fail "nothing counted as dropped"
echo overwrite > trace_options
echo > trace
i=0
while [ $i -lt 400 ]; do echo "fill $i" > trace_marker; i=$((i + 1)); done
marker_lines | tail -n 1 | grep -qx "fill 399" || fail "overwrite lost the newest"
if marker_lines | head -n 1 | grep -qx "fill 0"; then
	fail "overwrite kept the oldest"
fi
echo 1408 > buffer_size_kb
