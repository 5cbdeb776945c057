#!/usr/bin/env bash
# Upstream's livepatch selftests (tools/testing/selftests/livepatch of the
# base tree) against one of our kernels: their test modules built against
# it, their scripts and test_klp-call_getpid staged beside our guest runner
# (tests/klp/run.sh). Nothing of them is copied into the repository.
#
# Usage: harness/klp.sh [FLAVOUR] stage   build, print the staged directory
#        harness/klp.sh [FLAVOUR] run [TEST...]
#                                         boot a guest and run TEST... (every
#                                         script when none is named)
. "$(dirname "$0")/lib.sh"

flavour="test"
case ${1:-} in stage|run|'') ;; *) flavour=$1; shift ;; esac
mode=${1:-run}
[ $# -eq 0 ] || shift

kdir=$BUILD/kernels/$flavour
[ -f "$kdir/Module.symvers" ] || die "the $flavour kernel is not built"
"$TOP/harness/compose.sh" base >&2
src=$BUILD/base/src/tools/testing/selftests/livepatch
[ -f "$src/functions.sh" ] || die "no livepatch selftests in the base tree"

# The modules build in a directory kept between runs (kbuild is
# incremental); only their .ko files go into the guest.
mods=$BUILD/klp/$flavour/mods
out=$BUILD/klp/$flavour/stage
mkdir -p "$mods"
rm -rf "$out"
mkdir -p "$out/test_modules"
cp -p "$src"/test_modules/*.c "$src"/test_modules/Makefile "$mods/"
make -s -C "$kdir" M="$mods" CC="ccache gcc" modules >&2 ||
	die "the livepatch test modules did not build against $flavour"
cp "$mods"/*.ko "$out/test_modules/"
cp "$src"/functions.sh "$src"/test-*.sh "$out/"
gcc -static -O2 -Wall -o "$out/test_klp-call_getpid" "$src/test_klp-call_getpid.c" ||
	die "cannot build test_klp-call_getpid"
install -m 0755 "$TOP/tests/klp/run.sh" "$out/run.sh"

case $mode in
stage)	echo "$out" ;;
run)	HARNESS_NO_BUILD=${HARNESS_NO_BUILD:-1} "$TOP/harness/vm" -q -k "$flavour" -t 1500 \
		-a "$out:/opt/livepatch" "KLP_TESTS='$*' bash /opt/livepatch/run.sh" ;;
*)	die "usage: $0 [FLAVOUR] stage|run [TEST...]" ;;
esac
