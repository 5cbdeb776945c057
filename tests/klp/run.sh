#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest runner for upstream's livepatch selftests, staged by harness/klp.sh
# in /opt/livepatch with their test modules built against this kernel.
# Each script's "TEST: name ... ok|not ok" lines become KTAP results named
# livepatch/<script>: <name>. A script stops at its first failure
# (functions.sh's die); its log is printed as "# " lines before the
# "not ok" that names it. A script that exits 4 (kselftest's skip) is a
# SKIP with its reason.
#
# KLP_TESTS: the scripts to run, without .sh (default: every one).

here=/opt/livepatch
cd "$here" || exit 1
# functions.sh wants a kernel build directory only to exist (has_kdir).
export KDIR=$here
# procps' sysctl (--values), coreutils' date (--rfc-3339) and stat
# (--format, called as /bin/stat), and getconf, which busybox lacks or
# spells differently: initramfs.sh installs them in /usr/libexec/klp, so
# that no other test sees them.
export PATH=/usr/libexec/klp:$PATH
[ -x /usr/libexec/klp/stat ] && ln -sf /usr/libexec/klp/stat /bin/stat

tests=${KLP_TESTS:-}
if [ -z "$tests" ]; then
	for f in test-*.sh; do tests="$tests ${f%.sh}"; done
fi
n=0

skip_all() {
	n=$((n + 1))
	echo "ok $n livepatch # SKIP $*"
	exit 0
}
[ -f /sys/kernel/debug/dynamic_debug/control ] ||
	skip_all "no dynamic_debug control file (CONFIG_DYNAMIC_DEBUG), which the expected messages need"
[ -d /sys/kernel/livepatch ] || skip_all "no /sys/kernel/livepatch (CONFIG_LIVEPATCH)"
sysctl --values kernel.ftrace_enabled > /dev/null 2>&1 ||
	skip_all "no sysctl that takes --values"
date --rfc-3339=ns > /dev/null 2>&1 || skip_all "no date that takes --rfc-3339"
if [ -n "$(ls /sys/kernel/livepatch)" ]; then
	n=$((n + 1))
	echo "not ok $n livepatch: a patch is already loaded: $(ls /sys/kernel/livepatch)"
	exit 1
fi

rc=0
for t in $tests; do
	log=/tmp/klp.$t.log
	if [ ! -x "./$t.sh" ]; then
		n=$((n + 1))
		echo "not ok $n livepatch/$t: no such script"
		rc=1
		continue
	fi
	t0=$(date +%s)
	r=0
	timeout 600 "./$t.sh" > "$log" 2>&1 || r=$?
	echo "# livepatch/$t: $(( $(date +%s) - t0 )) s"
	if [ $r -eq 4 ]; then
		n=$((n + 1))
		echo "ok $n livepatch/$t # SKIP $(tail -1 "$log")"
		continue
	fi
	failed=0
	while IFS= read -r line; do
		case $line in
		"TEST: "*" ... ok")
			name=${line#TEST: }
			n=$((n + 1))
			echo "ok $n livepatch/$t: ${name% ... ok}" ;;
		"TEST: "*" ... not ok")
			name=${line#TEST: }
			sed 's/^/# /' "$log"
			n=$((n + 1))
			echo "not ok $n livepatch/$t: ${name% ... not ok}"
			failed=1 ;;
		esac
	done < "$log"
	if [ $failed = 0 ] && [ $r -ne 0 ]; then
		# Died outside a comparison (a timeout, a refused insmod, ...).
		sed 's/^/# /' "$log"
		n=$((n + 1))
		echo "not ok $n livepatch/$t: exit $r"
		failed=1
	fi
	[ $failed = 0 ] || rc=1
done
exit $rc
