#!/usr/bin/env bash
# Run every test: lint, host tests, our tracefs selftests in the guest, and
# upstream's ftracetest judged against tests/ftracetest.expected.
# Prints a line per test and ends with "N passed, N failed".
. "$(dirname "$0")/lib.sh"

passed=0 failed=0
failures=()
report() { # name ok|fail
	if [ "$2" = ok ]; then
		passed=$((passed + 1)); echo "ok - $1"
	else
		failed=$((failed + 1)); failures+=("$1"); echo "FAIL - $1"
	fi
}
# count_ktap NAME FILE: one result per "ok N x" / "not ok N x" line.
count_ktap() {
	local line name
	while IFS= read -r line; do
		case $line in
		"ok "*"# SKIP"*) echo "skip - $1: ${line#ok }" ;;
		"ok "*) name=${line#ok }; report "$1: ${name#* }" ok ;;
		"not ok "*) name=${line#not ok }; report "$1: ${name#* }" fail ;;
		esac
	done < "$2"
}

logs=$BUILD/check
rm -rf "$logs" "$BUILD/ftracetest/test-rerun"
mkdir -p "$logs"
start=$(date +%s)

# Stage times, printed before the last line. A stage that ran in a
# background lane is timed there and read back from its file.
stage_times=()
# timed NAME COMMAND...: run COMMAND, and record its wall time as NAME.
timed() {
	local name=$1 t0=$(date +%s) rc=0
	shift
	"$@" || rc=$?
	echo "$name $(( $(date +%s) - t0 ))" >> "$logs/times"
	return $rc
}

build_test() {
	"$TOP/harness/kernel.sh" test > "$logs/build.log" 2>&1 &&
		"$TOP/harness/initramfs.sh" >> "$logs/build.log" 2>&1
}
echo "== building"
if ! timed build-test build_test; then
	tail -30 "$logs/build.log"
	report "build the test kernel" fail
	echo "$passed passed, $failed failed"
	exit 1
fi
report "build the test kernel" ok

# The production kernel is built first in lane A, while ftracetest's
# guest (lane B) fills what the build leaves of the CPUs (its links are
# single-threaded); lane B's fuzzer, on that kernel, waits for it.
# build_prod writes its status to prod-build.rc when done.
build_prod() {
	local rc=0
	timed build-prod "$TOP/harness/kernel.sh" prod > "$logs/prod-build.log" 2>&1 || rc=$?
	echo $rc > "$logs/prod-build.rc"
}
# prod_built: wait for build_prod; true when it built the kernel.
prod_built() {
	while [ ! -f "$logs/prod-build.rc" ]; do sleep 5; done
	[ "$(cat "$logs/prod-build.rc")" = 0 ]
}

sel=$TOP/linux/tools/testing/selftests/ftrace/tracefs
# The module of traceable functions that func_module.sh loads.
ko=$BUILD/kernels/test/kernel/trace/tests/fentry_test_mod.ko
# Upstream's instance API sample, that trace_array.sh loads.
sample_ta=$BUILD/kernels/test/samples/ftrace/sample-trace-array.ko

# Upstream's sample modules that use the ftrace API (use_sample in the
# tests' lib.sh), as the test kernel built them.
samples=$BUILD/check/ko
rm -rf "$samples"
mkdir -p "$samples"
for m in kprobes/kprobe_example kprobes/kretprobe_example \
	 livepatch/livepatch-sample fprobe/fprobe_example ftrace/ftrace-ops \
	 ftrace/ftrace-direct \
	 ftrace/ftrace-direct-too ftrace/ftrace-direct-modify \
	 ftrace/ftrace-direct-multi ftrace/ftrace-direct-multi-modify \
	 trace_events/trace-events-sample trace_events/trace_custom_sched; do
	[ ! -f "$BUILD/kernels/test/samples/$m.ko" ] ||
		cp "$BUILD/kernels/test/samples/$m.ko" "$samples/"
done
# The kernel's mmiotrace test module, which mmiotrace.sh loads.
mmio_ko=$BUILD/kernels/test/arch/x86/mm/testmmiotrace.ko
[ ! -f "$mmio_ko" ] || cp "$mmio_ko" "$samples/"

# Upstream's livepatch selftests, every script (about a minute), after
# ours in the same guest; make klp-check runs them in a guest of their own.
run_selftests() {
	local rc=0 klp klp_a=() cmd='sh /opt/tracefs/run.sh'
	if klp=$("$TOP/harness/klp.sh" test stage 2> "$logs/klp-build.log"); then
		klp_a=(-a "$klp:/opt/livepatch")
		cmd="$cmd; r=\$?; bash /opt/livepatch/run.sh || r=1; exit \$r"
	else
		echo "not ok - livepatch: the test modules did not build (klp-build.log)" \
			> "$logs/klp-build.ktap"
	fi
	# Each test has its own limit (run.sh); the whole run takes about 20
	# minutes of emulation here, and a slower machine must not cut it short.
	# The guest has a device nothing uses for mmiotrace.sh to trace.
	HARNESS_KUNIT=1 HARNESS_QEMU="${HARNESS_QEMU:-} $MMIO_DEV" \
		"$TOP/harness/vm" -q -t 2700 -L "$logs/console.log" -a "$sel:/opt/tracefs" \
		-a "$ko:/opt/tracefs/fentry_test_mod.ko" \
		-a "${ko%/*}/preemptirq_delay_test.ko:/opt/tracefs/preemptirq_delay_test.ko" \
		-a "$sample_ta:/opt/tracefs/sample-trace-array.ko" \
		-a "$samples:/opt/tracefs/ko" "${klp_a[@]}" \
		"$cmd" > "$logs/selftests.log" 2> "$logs/selftests.stderr" || rc=$?
	echo $rc > "$logs/selftests.rc"
}

# prod_run NAME COMMAND [vm options]: COMMAND's KTAP from a guest of the
# production kernel, in $logs/NAME.log, its vm status in $logs/NAME.rc.
prod_run() {
	local name=$1 cmd=$2 rc=0
	shift 2
	"$TOP/harness/vm" -q -k prod -t 1200 -L "$logs/$name-console.log" "$@" \
		"$cmd" > "$logs/$name.log" 2> "$logs/$name.stderr" || rc=$?
	echo $rc > "$logs/$name.rc"
}
run_prod() {
	prod_built || return 0
	prod_run prod 'sh /opt/smoke.sh' -a "$TOP/tests/prod/smoke.sh:/opt/smoke.sh"
	# Those of our selftests whose code the production config builds
	# differently: the function and graph trampolines (IPA-RA), the
	# latency hooks behind static keys, and the clients users run on them.
	# The test kernel runs them all; none may need a module (the test
	# kernel's modules do not load here).
	local t plain=() bad=()
	for t in $prod_selftests; do
		if [ ! -f "$sel/t/$t.sh" ] || grep -q -e '\.ko' -e use_test_mod "$sel/t/$t.sh"; then
			bad+=("$t")
		else
			plain+=("/opt/tracefs/t/$t.sh")
		fi
	done
	prod_run prod-selftest "sh /opt/tracefs/run.sh ${plain[*]}" \
		-a "$sel:/opt/tracefs"
	for t in "${bad[@]}"; do
		echo "not ok - $t (no such test, or it needs a module)" >> "$logs/prod-selftest.log"
	done
}
prod_selftests="function func_switch func_filter func_cmds func_pid current_tracer
	stack_tracer tracing_on trace_pipe events_enable syscalls stress
	perf_ftrace trace_cmd_graph cyclictest"

# The expected cases that did not pass (tests/ftracetest.expected).
ftracetest_missed() { # results
	local want got
	while IFS= read -r want; do
		case $want in ''|'#'*) continue ;; esac
		got=$(awk -F'\t' -v t="$want" '$1 == t { print $2; exit }' "$1")
		case $got in PASS|XFAIL) ;; *) echo "$want" ;; esac
	done < "$TOP/tests/ftracetest.expected"
}

# The cases that time the guest (tests/ftracetest.timing) run apart,
# after build_prod, and their results and logs join the suite's.
run_ftracetest() {
	local rc=0 missed files timing late=$BUILD/ftracetest/test-timing
	timing=$(sed '/^#/d; /^$/d' "$TOP/tests/ftracetest.timing")
	FTRACETEST_EXCLUDE=$timing "$TOP/harness/ftracetest.sh" test \
		> "$logs/ftracetest.log" 2>&1 || rc=$?
	rm -rf "$late"
	if [ "$rc" -ne 125 ] && [ -n "$timing" ]; then
		while [ ! -f "$logs/prod-build.rc" ]; do sleep 5; done
		FTRACETEST_OUT=$late "$TOP/harness/ftracetest.sh" test \
			$(sed 's|^|test.d/|' <<< "$timing") \
			>> "$logs/ftracetest.log" 2>&1 || rc=$?
		cat "$late/results" >> "$BUILD/ftracetest/test/results" 2>/dev/null || true
		cat "$late/logs" >> "$BUILD/ftracetest/test/logs" 2>/dev/null || true
	fi
	echo $rc > "$logs/ftracetest.rc"
	# An expected case that fails is run once more, on its own: the
	# failure is reported with that result (a flake or a bug) and the
	# first run's log. More than three failures get no rerun.
	[ "$rc" -ne 125 ] || return 0
	missed=$(ftracetest_missed "$BUILD/ftracetest/test/results")
	[ -n "$missed" ] && [ "$(wc -l <<< "$missed")" -le 3 ] || return 0
	files=$(sed 's/ .*//; s|^|test.d/|' <<< "$missed" | sort -u)
	FTRACETEST_OUT=$BUILD/ftracetest/test-rerun "$TOP/harness/ftracetest.sh" \
		test $files > "$logs/ftracetest-rerun.log" 2>&1 || true
}

# The short pass of the fuzzer (make fuzz): 500 writes to each writable
# tracefs file, with a fixed seed, on the production kernel (twice as
# fast here as the test kernel; make kasan-check fuzzes the one with lock
# debugging and KASAN).
run_fuzz() {
	local rc=0 k=prod
	prod_built || k=test
	FUZZ_KERNEL=$k N=500 SEED=1 FUZZ_TIMEOUT=3000 "$TOP/harness/fuzz.sh" \
		> "$logs/fuzz.log" 2>&1 || rc=$?
	echo $rc > "$logs/fuzz.rc"
}

# The soak's short run (make soak): two minutes.
run_soak() {
	local rc=0
	MINUTES=2 "$TOP/harness/soak.sh" > "$logs/soak.log" 2>&1 || rc=$?
	echo $rc > "$logs/soak.rc"
}

run_host_tests() {
	local t n
	for t in "$TOP"/tests/host/*.sh; do
		n=$(basename "$t" .sh)
		bash "$t" > "$logs/host-$n.log" 2>&1 || true
	done
}

run_lint() {
	local rc=0
	"$TOP/harness/lint.sh" > "$logs/lint.log" 2>&1 || rc=$?
	echo $rc > "$logs/lint.rc"
}

# The guests below boot the kernels as built, and never run a build step
# side by side with build_prod.
export HARNESS_NO_BUILD=1

# Two lanes, each about one CPU: the production kernel's build, the
# test kernel's selftests, the production kernel's tests and lint;
# ftracetest, the fuzzer, the soak and the host tests (recordmcount, and
# the boots with tracing parameters and boot configs: about 8 minutes).
echo "== running the guests and lint in two lanes"
(
	build_prod
	timed selftests run_selftests
	timed prod run_prod
	timed lint run_lint
) &
lane_a=$!
(
	timed ftracetest run_ftracetest
	timed fuzz run_fuzz
	timed soak run_soak
	timed host-tests run_host_tests
) &
lane_b=$!
wait $lane_a || true
wait $lane_b || true

echo "== soak"
# Its last line: "soak: N minutes, N records written, N lost and counted
# at their place, N errors".
tail -n 1 "$logs/soak.log" | sed 's/^/   /'
if [ "$(cat "$logs/soak.rc" 2>/dev/null)" = 0 ]; then
	report "soak: 2 minutes, every record lost counted lost" ok
else
	grep -v '^loops' "$logs/soak.log" | tail -20 | sed 's/^/   /' || true
	report "soak: 2 minutes, every record lost counted lost" fail
fi

echo "== lint"
if [ "$(cat "$logs/lint.rc" 2>/dev/null)" = 0 ]; then
	report "lint: checkpatch --strict and kernel-doc" ok
else
	sed 's/^/   /' "$logs/lint.log" | tail -40
	report "lint: checkpatch --strict and kernel-doc" fail
fi

echo "== layers"
# Calls between the files of kernel/trace go down the layers the design
# document draws: no loop in the test kernel's file-level call graph.
if python3 "$TOP/harness/callgraph.py" "$BUILD/kernels/test/kernel/trace" \
	> "$logs/callgraph.log" 2>&1; then
	report "layers: no call loop among kernel/trace's files" ok
else
	head -40 "$logs/callgraph.log" | sed 's/^/   /'
	report "layers: no call loop among kernel/trace's files" fail
fi

echo "== host tests"
for t in "$TOP"/tests/host/*.sh; do
	n=$(basename "$t" .sh)
	grep -E '^(not )?ok ' "$logs/host-$n.log" > "$logs/host-$n.ktap" || true
	if [ -s "$logs/host-$n.ktap" ]; then
		count_ktap "host/$n" "$logs/host-$n.ktap"
	else
		tail -20 "$logs/host-$n.log"
		report "host/$n (no results)" fail
	fi
done

echo "== tracefs selftests in the guest"
rc=$(cat "$logs/selftests.rc" 2>/dev/null || echo 125)
count_ktap selftest "$logs/selftests.log"
[ ! -f "$logs/klp-build.ktap" ] || { tail -20 "$logs/klp-build.log"; report "selftest: livepatch (build)" fail; }
# A failed test's log (run.sh prints it as "# " lines before its "not ok"),
# its last lines, so that CI output shows why.
awk '/^# / { buf[n++ % 25] = $0; next }
     /^not ok / { print "   " $0 ":"; for (i = (n > 25 ? n - 25 : 0); i < n; i++)
			print "     " buf[i % 25]; n = 0; next }
     { n = 0 }' "$logs/selftests.log"
if [ "$rc" -eq 125 ]; then
	cat "$logs/selftests.stderr"
	report "selftests: clean guest run" fail
fi
echo "== KUnit suites (run at boot, from the same console)"
# "    # Subtest: suite" opens a suite; "    ok N case" / "    not ok N case"
# are its cases; a top-level "ok N suite" line closes it.
sed 's/^\[ *[0-9.]*\] //' "$logs/console.log" | awk '
	/^    # Subtest: / { suite = $3; cases = 0; next }
	/^    (not )?ok [0-9]+ / && suite != "" {
		cases++; name = $0; sub(/^ *(not )?ok [0-9]+ /, "", name)
		print (/^    not ok/ ? "not ok" : "ok"), 0, suite "/" name; next }
	/^(not )?ok [0-9]+ / && suite != "" {
		if (!cases) print (/^not ok/ ? "not ok" : "ok"), 0, suite
		suite = "" }' > "$logs/kunit.ktap"
if [ -s "$logs/kunit.ktap" ]; then
	count_ktap kunit "$logs/kunit.ktap"
	# A failed case's own diagnostics (its "# case: ..." lines and the
	# lines of each failed expectation), so that CI logs show why.
	for c in $(awk '$1 == "not" { print $4 }' "$logs/kunit.ktap"); do
		sed 's/^\[ *[0-9.]*\] //' "$logs/console.log" | awk -v c="${c#*/}" '
			$0 ~ "^ *# " c ": " { print "   " $0; more = /EXPECTATION FAILED/; next }
			/^ *(# |(not )?ok )/ { more = 0 }
			more { print "   " $0 }' | head -30
	done
else
	report "kunit: no suite reported on the console" fail
fi

echo "== upstream ftracetest"
rc=$(cat "$logs/ftracetest.rc" 2>/dev/null || echo 125)
results=$BUILD/ftracetest/test/results
[ "$rc" -eq 125 ] && { tail -30 "$logs/ftracetest.log"; report "ftracetest: clean guest run" fail; }
# No results at all (the run died): every expected case fails below.
if [ ! -f "$results" ]; then
	tail -30 "$logs/ftracetest.log"
	report "ftracetest: results written" fail
	results=$logs/ftracetest.none
	: > "$results"
fi
while IFS= read -r want; do
	case $want in ''|'#'*) continue ;; esac
	got=$(awk -F'\t' -v t="$want" '$1 == t { print $2; exit }' "$results")
	# XFAIL: the failure the case expects happened (the suite's success).
	if [ "$got" = PASS ] || [ "$got" = XFAIL ]; then
		report "ftracetest: $want$([ "$got" = PASS ] || echo " ($got)")" ok
	else
		# A failure stays one; its rerun alone tells a flake from a bug.
		again=$(awk -F'\t' -v t="$want" '$1 == t { print $2; exit }' \
			"$BUILD/ftracetest/test-rerun/results" 2>/dev/null)
		report "ftracetest: $want (${got:-not run}; alone: ${again:-not rerun})" fail
		# The suite's log of the case (ftracetest.sh keeps them): the
		# commands it ran last (set -x), which name the check that
		# failed, and a latency tracer's header, first; then the log's
		# tail.
		name=${want%% *}; name=${name##*/}
		caselog=$(awk -v n="-$name-log" '/^==> / { on = index($0, n) > 0 }
			on' "$BUILD/ftracetest/test/logs" 2>/dev/null || true)
		grep -E '^(\++ |# (tracer|latency): )' <<< "$caselog" | tail -10 | sed 's/^/   # /' || true
		tail -60 <<< "$caselog"
	fi
done < "$TOP/tests/ftracetest.expected"
extra=$(awk -F'\t' '$2 == "PASS" || $2 == "XFAIL" { print $1 }' "$results" |
	grep -vxF -f <(grep -v '^#' "$TOP/tests/ftracetest.expected") || true)
[ -z "$extra" ] || while IFS= read -r t; do
	echo "note - also passing, not yet expected: $t"
done <<< "$extra"
for f in test test-timing; do
	{ grep -E '^(PASS|FAIL|UNRESOLVED|UNSUPPORTED|total|seconds)' \
		"$BUILD/ftracetest/$f/summary" 2>/dev/null || true; } |
		tr '\n' ' ' | sed "s/^/note - ftracetest ($f) /; s/\$/\n/"
done

echo "== fuzz"
rc=$(cat "$logs/fuzz.rc" 2>/dev/null || echo 125)
last=$(grep -E '^[0-9]+ writes, [0-9]+ files, ' "$logs/fuzz.log" | tail -n 1 || true)
if [ "$rc" -eq 0 ] && [ -n "$last" ]; then
	report "fuzz: $last" ok
else
	grep -E '^(tfuzz|  )' "$logs/fuzz.log" | head -40 || true
	tail -5 "$logs/fuzz.log"
	report "fuzz: ${last:-no result} (status $rc)" fail
fi

echo "== production kernel smoke test"
# The config users run, without lock debugging: the only one in which the
# latency hooks sit behind their static keys (tests/prod/smoke.sh), and in
# which timing differs most from the test kernel's.
# prod_judge NAME: count a production guest's KTAP; a console problem
# fails it too.
prod_judge() {
	local name=$1
	count_ktap "$name" "$logs/$name.log"
	grep '^# ' "$logs/$name.log" | sed 's/^/   /' || true
	if [ "$(cat "$logs/$name.rc" 2>/dev/null || echo 125)" -eq 125 ]; then
		cat "$logs/$name.stderr" 2>/dev/null || true
		report "$name: clean guest run" fail
	fi
}
if prod_built; then
	prod_judge prod
	prod_judge prod-selftest
else
	tail -30 "$logs/prod-build.log"
	report "prod: build the production kernel" fail
fi

echo "== done in $(( $(date +%s) - start ))s; logs in $logs"
while read -r name secs; do
	echo "time - $name: ${secs}s"
done < "$logs/times"
for f in "${failures[@]}"; do echo "failed: $f"; done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
