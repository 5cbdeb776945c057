#!/usr/bin/env bash
# make kasan-check: the test kernel with the memory-safety checkers
# (configs/kasan.config: generic KASAN, UBSAN, KFENCE) runs our tracefs
# selftests, upstream's ftracetest and the fuzzer's short pass. Any report
# on a console fails the run, as everywhere (harness/console-check.sh).
# Not part of make check: it takes about an hour and a half here.
#
# Prints a line per result and ends with "N passed, N failed" and the time.
. "$(dirname "$0")/lib.sh"

logs=$BUILD/kasan-check
rm -rf "$logs"
mkdir -p "$logs"
start=$(date +%s)
passed=0 failed=0
report() { # name ok|fail
	if [ "$2" = ok ]; then
		passed=$((passed + 1)); echo "ok - $1"
	else
		failed=$((failed + 1)); echo "FAIL - $1"
	fi
}

msg "building the kasan kernel"
if ! "$TOP/harness/kernel.sh" kasan > "$logs/build.log" 2>&1 ||
   ! "$TOP/harness/initramfs.sh" >> "$logs/build.log" 2>&1; then
	tail -30 "$logs/build.log"
	report "build the kasan kernel" fail
	echo "$passed passed, $failed failed"
	exit 1
fi
report "build the kasan kernel" ok
export HARNESS_NO_BUILD=1
# KASAN's shadow takes an eighth of memory, its quarantine more.
export HARNESS_MEM=${HARNESS_MEM:-2G}
kdir=$BUILD/kernels/kasan
sel=$TOP/linux/tools/testing/selftests/ftrace/tracefs
ko=$kdir/kernel/trace/tests/fentry_test_mod.ko

msg "selftests"
rc=0
mmio=()
[ ! -f "$kdir/arch/x86/mm/testmmiotrace.ko" ] ||
	mmio=(-a "$kdir/arch/x86/mm/testmmiotrace.ko:/opt/tracefs/ko/testmmiotrace.ko")
HARNESS_KUNIT=1 HARNESS_QEMU="${HARNESS_QEMU:-} $MMIO_DEV" \
	"$TOP/harness/vm" -q -k kasan -t 7200 -L "$logs/console.log" -a "$sel:/opt/tracefs" \
	-a "$ko:/opt/tracefs/fentry_test_mod.ko" "${mmio[@]}" \
	-a "${ko%/*}/preemptirq_delay_test.ko:/opt/tracefs/preemptirq_delay_test.ko" \
	-a "$kdir/samples/ftrace/sample-trace-array.ko:/opt/tracefs/sample-trace-array.ko" \
	'LIMIT=360 sh /opt/tracefs/run.sh' > "$logs/selftests.log" 2>&1 || rc=$?
while IFS= read -r line; do
	case $line in
	"ok "*"# SKIP"*) echo "skip - selftest: ${line#ok }" ;;
	"ok "*) n=${line#ok }; report "selftest: ${n#* }" ok ;;
	"not ok "*) n=${line#not ok }; report "selftest: ${n#* }" fail ;;
	esac
done < "$logs/selftests.log"
[ $rc -ne 125 ] || report "selftests: clean guest run (console: $logs/console.log)" fail

msg "ftracetest"
rc=0
"$TOP/harness/ftracetest.sh" kasan > "$logs/ftracetest.log" 2>&1 || rc=$?
missed=0
while IFS= read -r want; do
	case $want in ''|'#'*) continue ;; esac
	got=$(awk -F'\t' -v t="$want" '$1 == t { print $2; exit }' \
		"$BUILD/ftracetest/kasan/results" 2>/dev/null)
	case $got in
	PASS|XFAIL) ;;
	*) missed=$((missed + 1)); echo "   missed: $want ($got)" ;;
	esac
done < "$TOP/tests/ftracetest.expected"
[ $missed -eq 0 ] && [ $rc -ne 125 ] && report "ftracetest: every expected case" ok ||
	report "ftracetest: $missed expected cases missed (rc $rc)" fail

msg "fuzz"
rc=0
FUZZ_KERNEL=kasan N=${N:-500} SEED=${SEED:-1} FUZZ_TIMEOUT=14400 \
	"$TOP/harness/fuzz.sh" > "$logs/fuzz.log" 2>&1 || rc=$?
tail -n 1 "$logs/fuzz.log"
[ $rc -eq 0 ] && report "fuzz: N=${N:-500} SEED=${SEED:-1}" ok ||
	report "fuzz (rc $rc): $(tail -n 1 "$logs/fuzz.log")" fail

echo "kasan-check took $(( ($(date +%s) - start) / 60 )) minutes"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
