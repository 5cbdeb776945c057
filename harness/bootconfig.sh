#!/usr/bin/env bash
# Build the base tree's bootconfig tool (tools/bootconfig) on the host,
# into build/bootconfig/, when it is missing or older than its sources,
# and print its path.
#
# Usage: harness/bootconfig.sh
# harness/vm -b FILE uses it to append a boot config to the guest's initrd.
. "$(dirname "$0")/lib.sh"

[ -d "$BUILD/base/src/tools/bootconfig" ] || "$TOP/harness/compose.sh" base >&2
src=$BUILD/base/src
out=$BUILD/bootconfig
tool=$out/bootconfig
mkdir -p "$out"
if [ ! -x "$tool" ] ||
   [ -n "$(find "$src/tools/bootconfig/main.c" "$src/lib/bootconfig.c" \
	"$src/include/linux/bootconfig.h" -newer "$tool" 2>/dev/null)" ]; then
	msg "building the bootconfig tool"
	make -s -C "$src/tools/bootconfig" OUTPUT="$out/" "$out/bootconfig" >&2 ||
		die "cannot build $src/tools/bootconfig"
fi
echo "$tool"
