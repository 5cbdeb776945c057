# SPDX-License-Identifier: GPL-2.0
# Helpers for the tracefs tests; sourced by run.sh into every test.

# fail MESSAGE: stop the test as failed.
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# skip REASON: stop the test as skipped.
skip() {
	echo "$*"
	exit 4
}

# use_test_mod: ko, mod and poke (the debugfs file whose number N makes
# the module call its outer function N times) of fentry_test_mod.ko,
# which make check copies beside run.sh; the module is left unloaded.
use_test_mod() {
	ko=$here/fentry_test_mod.ko
	[ -f "$ko" ] || fail "no $ko (make check copies it in)"
	mod=fentry_test_mod
	poke=/sys/kernel/debug/$mod
	! lsmod | grep -q "^$mod " || rmmod $mod
}

# reset_tracing: the state every test starts from.
reset_tracing() {
	echo 0 > tracing_on
	echo nop > current_tracer
	[ ! -f set_ftrace_filter ] || : > set_ftrace_filter
	[ ! -f set_ftrace_notrace ] || : > set_ftrace_notrace
	# Function commands survive truncation: remove each as listed.
	if [ -f set_ftrace_filter ]; then
		# "name [module]:cmd:count" is removed as "!name:cmd:count".
		cmds=$(grep ':' set_ftrace_filter | grep -v '^#' |
			sed 's/^\([^ :]*\)[^:]*:/!\1:/')
		[ -z "$cmds" ] || echo "$cmds" > set_ftrace_filter
	fi
	for f in set_ftrace_pid set_ftrace_notrace_pid; do
		[ ! -f $f ] || : > $f
	done
	for f in set_graph_function set_graph_notrace; do
		[ ! -f $f ] || : > $f
	done
	for f in max_graph_depth tracing_thresh tracing_max_latency; do
		[ ! -f $f ] || echo 0 > $f
	done
	for o in function-fork func_stack_trace latency-format display-graph \
		 sym-offset sym-addr \
		 funcgraph-proc funcgraph-abstime \
		 funcgraph-tail funcgraph-retval funcgraph-retval-hex \
		 funcgraph-overrun; do
		[ ! -f options/$o ] || echo 0 > options/$o
	done
	# perf ftrace leaves irq-info off when it is done.
	for o in function-trace funcgraph-cpu funcgraph-overhead funcgraph-duration \
		 funcgraph-irqs sleep-time graph-time irq-info; do
		[ ! -f options/$o ] || echo 1 > options/$o
	done
	[ ! -f /proc/sys/kernel/ftrace_enabled ] ||
		echo 1 > /proc/sys/kernel/ftrace_enabled
	[ ! -f /proc/sys/kernel/stack_tracer_enabled ] ||
		echo 0 > /proc/sys/kernel/stack_tracer_enabled
	[ ! -f stack_trace_filter ] || : > stack_trace_filter
	[ ! -f stack_max_size ] || echo 0 > stack_max_size
	[ ! -f trace_clock ] || echo local > trace_clock
	[ ! -f snapshot ] || echo 0 > snapshot
	[ ! -f buffer_subbuf_size_kb ] || echo 4 > buffer_subbuf_size_kb
	echo 1 > options/overwrite
	# The noise tracers' thresholds, which a failed test may leave set.
	for f in osnoise/stop_tracing_us osnoise/stop_tracing_total_us; do
		[ ! -f $f ] || echo 0 > $f
	done
	[ ! -f events/enable ] || echo 0 > events/enable
	[ ! -f dynamic_events ] || : > dynamic_events
	echo > trace
	echo 1 > tracing_on
}

# write_errno FILE VALUE: write VALUE and a newline to FILE in one write()
# and print "ok", or the error text of the failure (e.g. "Invalid argument").
# dd reports errno whatever the shell; conv=notrunc keeps O_TRUNC out.
write_errno() {
	err=$(printf '%s\n' "$2" | dd of="$1" bs=4096 conv=notrunc 2>&1 >/dev/null) &&
		{ echo ok; return 0; }
	echo "$err" | sed -n 's/^dd: .*: \([^:]*\)$/\1/p' | head -n 1
}

# expect_reject FILE VALUE ERROR: the write must fail with ERROR (the
# strerror text, e.g. "Invalid argument") and leave FILE reading the same.
expect_reject() {
	before=$(cat "$1" 2>/dev/null || true)
	got=$(write_errno "$1" "$2" | head -n 1)
	[ "$got" = "$3" ] || fail "writing '$2' to $1: expected '$3', got '$got'"
	after=$(cat "$1" 2>/dev/null || true)
	[ "$before" = "$after" ] || fail "$1 changed after a rejected write"
}

# marker_lines: the trace_marker lines of the trace file, text only.
marker_lines() {
	sed -n 's/^.*tracing_mark_write: //p' trace
}

# use_sample NAME: ko, the path of upstream's sample module NAME.ko built
# against this kernel, which make check copies into ko/ beside run.sh;
# skips when the kernel did not build it. The module is left unloaded.
use_sample() {
	ko=$here/ko/$1.ko
	[ -f "$ko" ] || skip "no $1.ko (the kernel's config does not build it)"
	m=$(echo "$1" | tr - _)
	! lsmod | grep -q "^$m " || rmmod "$m"
}

# wait_for SECONDS COMMAND...: run COMMAND every 0.2 s until it succeeds;
# fail after SECONDS.
wait_for() {
	_n=$(($1 * 5))
	shift
	while ! "$@"; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || return 1
		sleep 0.2
	done
}

# churn_start NAME: until churn_stop, one background job forks without end
# and another switches current_tracer between function, function_graph
# and nop every 0.3 s (the stress tests' load).
churn_start() {
	churn_file=/tmp/$1.stop
	rm -f "$churn_file"
	( while [ ! -e "$churn_file" ]; do sh -c true; done ) &
	churn_pids=$!
	( while [ ! -e "$churn_file" ]; do
		for t in function function_graph nop; do
			echo $t > current_tracer 2>/dev/null || true
			sleep 0.3
		done
	  done ) &
	churn_pids="$churn_pids $!"
}

# churn_stop: end churn_start's jobs and leave the nop tracer.
churn_stop() {
	touch "$churn_file"
	wait $churn_pids
	echo nop > current_tracer
}

# need_rtla TRACER...: skip unless rtla is in the guest and every TRACER
# is in available_tracers (the noise tracers' client tests).
need_rtla() {
	command -v rtla >/dev/null || skip "no rtla in the guest"
	for _t in "$@"; do
		grep -qw "$_t" available_tracers ||
			skip "no $_t tracer in available_tracers"
	done
}

# last_block FILE PATTERN: the lines of FILE after the last line that
# matches the extended regex PATTERN (the last refresh of rtla's top).
last_block() {
	awk -v re="$2" '$0 ~ re { b = ""; next } { b = b $0 "\n" } END { printf "%s", b }' "$1"
}

# check_noise_top FILE NF RUNTIME [AWK]: FILE is an rtla osnoise-style top
# report (osnoise top, hwnoise) whose last refresh must have one row per
# CPU of NF fields (CPU #periods runtime noise %avail max-noise
# max-single, then the counts): runtime its periods' worth of RUNTIME us,
# max single <= max noise <= noise <= runtime, %CPU Aval from runtime and
# noise. AWK is more checks of a row, adding to "bad". Fails otherwise.
check_noise_top() {
	_err=$(last_block "$1" '^duration:' | awk -v ncpu="$(nproc)" -v nf="$2" -v rt="$3" '
	/^CPU / { next }
	NF != nf || $2 !~ /^#[0-9]+$/ { bad = bad "; odd row: " $0; next }
	{
		p = substr($2, 2); run = $3; noise = $4
		seen[$1]++
		if (p < 1 || run < p * rt || run > p * rt * 1.5)
			bad = bad "; CPU " $1 ": runtime " run " in " p " periods of " rt
		if (noise > run || $7 > $6 || $6 > noise)
			bad = bad "; CPU " $1 ": not max single <= max noise <= noise <= runtime"
		avail = 100 * (run - noise) / run
		if ($5 - avail > 0.00002 || avail - $5 > 0.00002)
			bad = bad "; CPU " $1 ": %CPU Aval " $5 ", computed " avail
	}
	'"${4:-}"'
	END {
		for (c = 0; c < ncpu; c++)
			if (seen[c] != 1) bad = bad "; " seen[c] + 0 " rows of CPU " c
		print substr(bad, 3)
	}')
	[ -z "$_err" ] || fail "$(basename "$1" .out): $_err: $(last_block "$1" '^duration:')"
}

# check_hist FILE COLUMN...: FILE is an rtla hist report (1 us buckets)
# whose columns are exactly COLUMN... (e.g. CPU-000 CPU-001). Fails unless
# every column has samples, its bucket rows and "over:" add up to its
# "count:", min <= avg <= max, min is its first bucket used and, with
# nothing over, max its last.
check_hist() {
	_f=$1
	shift
	_got=$(sed -n 's/^Index *//p' "$_f" | head -n 1 | tr -s ' ' | sed 's/ *$//')
	[ "$_got" = "$*" ] || fail "hist columns '$_got', expected '$*'"
	_err=$(awk -v n=$# '
	# timerlat hist: the totals of all CPUs follow the per-CPU summary.
	/^ALL:/ { exit }
	/^[0-9]+ / {
		if (NF != n + 1) { bad = bad "; bucket row of " NF - 1 " values"; next }
		for (i = 2; i <= NF; i++) {
			sum[i] += $i
			if ($i > 0) { if (!(i in first)) first[i] = $1; last[i] = $1 }
		}
		next
	}
	/^(over|count|min|avg|max):/ {
		k = substr($1, 1, length($1) - 1)
		if (NF != n + 1) { bad = bad "; " k ": has " NF - 1 " values"; next }
		seen[k] = 1
		for (i = 2; i <= NF; i++) v[k, i] = $i
	}
	END {
		split("over count min avg max", keys, " ")
		for (j = 1; j <= 5; j++)
			if (!(keys[j] in seen)) bad = bad "; no " keys[j] ": row"
		if (bad != "") { print substr(bad, 3); exit }
		for (i = 2; i <= n + 1; i++) {
			c = "column " i - 1
			if (v["count", i] < 1) bad = bad "; " c " has no samples"
			if (sum[i] + v["over", i] != v["count", i])
				bad = bad "; " c ": buckets " sum[i] " + over " \
					v["over", i] " != count " v["count", i]
			if (v["min", i] + 0 > v["avg", i] + 0 || v["avg", i] + 0 > v["max", i] + 0)
				bad = bad "; " c ": not min <= avg <= max"
			if ((i in first) && first[i] != v["min", i])
				bad = bad "; " c ": first bucket " first[i] " != min " v["min", i]
			if (v["over", i] == 0 && (i in last) && last[i] != v["max", i])
				bad = bad "; " c ": last bucket " last[i] " != max " v["max", i]
		}
		if (bad != "") print substr(bad, 3)
	}' "$_f")
	[ -z "$_err" ] || fail "$_f: $_err"
}
