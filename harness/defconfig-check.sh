#!/usr/bin/env bash
# Our tracing on a realistic config: x86_64_defconfig plus configs/base
# and configs/ours, built through the same compose, booted, and put
# through the production smoke test (tests/prod/smoke.sh) and those of our
# selftests that load no module. Too slow for
# make check (a defconfig build from cold caches); see the README for its
# time and last result.
#
# Usage: harness/defconfig-check.sh    ends with "N passed, N failed"
. "$(dirname "$0")/lib.sh"

logs=$BUILD/defconfig-check
rm -rf "$logs"
mkdir -p "$logs"
start=$(date +%s)
passed=0 failed=0
if ! "$TOP/harness/kernel.sh" defconfig > "$logs/build.log" 2>&1; then
	tail -30 "$logs/build.log"
	echo "FAIL - build the defconfig kernel"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "ok - build the defconfig kernel ($(( $(date +%s) - start ))s)"
# count KIND LOG: tally a guest's KTAP lines ($logs/LOG.log, with vm status
# $rc) into passed and failed; a guest that printed no "ok" failed as a whole.
count() {
	while IFS= read -r line; do
		case $line in
		"ok "*) passed=$((passed + 1)); echo "ok - $1: ${line#ok * }" ;;
		"not ok "*) failed=$((failed + 1)); echo "FAIL - $1: ${line#not ok * }" ;;
		"# "*) echo "   $line" ;;
		esac
	done < "$logs/$2.log"
	if [ $rc -eq 125 ] || ! grep -q '^ok ' "$logs/$2.log"; then
		cat "$logs/$2.stderr"
		failed=$((failed + 1)); echo "FAIL - $1: clean guest run"
	fi
}

passed=1
rc=0
"$TOP/harness/vm" -q -k defconfig -t 1500 -L "$logs/console.log" \
	-a "$TOP/tests/prod/smoke.sh:/opt/smoke.sh" 'sh /opt/smoke.sh' \
	> "$logs/smoke.log" 2> "$logs/smoke.stderr" || rc=$?
count smoke smoke
# Our selftests that load no module, as on the production kernel: the
# ORC unwinder (defconfig's) through the trampolines, the clients.
sel=$TOP/linux/tools/testing/selftests/ftrace/tracefs
mapfile -t plain < <(grep -L -e '\.ko' -e use_test_mod "$sel"/t/*.sh |
	sed 's|.*/|/opt/tracefs/t/|')
rc=0
"$TOP/harness/vm" -q -k defconfig -t 2400 -L "$logs/selftest-console.log" \
	-a "$sel:/opt/tracefs" "sh /opt/tracefs/run.sh ${plain[*]}" \
	> "$logs/selftest.log" 2> "$logs/selftest.stderr" || rc=$?
count selftest selftest
echo "== done in $(( $(date +%s) - start ))s; logs in $logs"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
