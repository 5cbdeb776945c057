#!/usr/bin/env bash
# Host tests of scripts/gcc-plugins/fentry_ipa_ra_plugin.c: build it as
# kbuild does, and compile a caller of a static leaf with the kernel's hook
# flags. Without the plugin GCC saves registers around the calls (-pg
# turns -fipa-ra off); with it, it saves none and still emits the entry
# calls, and it leaves alone an -fno-ipa-ra or an -O1 that never asked for
# the option.
. "$(dirname "$0")/lib.bash"
T=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
BASE=$TOP/build/base/src
PDIR=$(gcc -print-file-name=plugin)
SO=$T/fentry_ipa_ra_plugin.so
CF="-pg -mfentry -fno-pic -mcmodel=kernel -mno-red-zone -S -o -"
SRC=$TOP/tests/host/ipa_ra/calls.c

if [ ! -e "$PDIR/include/plugin-version.h" ] || [ ! -d "$BASE/scripts/gcc-plugins" ]; then
	echo "not ok 1 the plugin headers ($PDIR) and the base tree are there"
	exit 0
fi
check "the plugin builds with kbuild's flags, without warnings" \
	eval "g++ -shared -fPIC -fno-rtti -fno-exceptions -Wall -Werror \
		-Wno-narrowing -Wno-unused-variable -Wno-format-diag \
		-include $BASE/include/linux/compiler-version.h \
		-DPLUGIN_VERSION='\"host-test\"' -I $PDIR/include \
		-I $BASE/scripts/gcc-plugins -o $SO \
		$TOP/linux/scripts/gcc-plugins/fentry_ipa_ra_plugin.c"

# saves OPTS...: how many pushes and pops the caller compiles to.
saves() {
	gcc "$@" $CF "$SRC" | awk '/^caller:/ { f = 1 } /^leaf:/ { f = 0 }
		f && /\t(push|pop)q?\t/ { n++ } END { print n + 0 }'
}
fentry_calls() {
	gcc "$@" $CF "$SRC" | grep -c 'call.*__fentry__'
}
check "without the plugin, -Os -pg saves registers around the calls" \
	test "$(saves -Os)" -gt 0
check "with it, -Os -pg saves none" \
	test "$(saves -Os -fplugin="$SO")" -eq 0
check "with it, -O2 -pg saves none" \
	test "$(saves -O2 -fplugin="$SO")" -eq 0
check "with it, both functions still call __fentry__" \
	test "$(fentry_calls -Os -fplugin="$SO")" -eq 2
check "an explicit -fno-ipa-ra is kept" \
	test "$(saves -Os -fno-ipa-ra -fplugin="$SO")" -gt 0
check "-O1, which does not ask for -fipa-ra, is left alone" \
	test "$(saves -O1 -fplugin="$SO")" -gt 0
