#!/usr/bin/env bash
# Build rtla, the noise tracers' client (osnoise, hwnoise, timerlat), from
# the base tree's tools/tracing/rtla, as upstream ships it, against
# Debian's libtracefs and libtraceevent. The build is out of tree, in
# build/rtla; nothing is written into the base. Rebuilt only when this
# script, the base or those libraries change.
#
# Usage: harness/rtla.sh   prints the path of the rtla binary
. "$(dirname "$0")/lib.sh"

out=$BUILD/rtla
bin=$out/rtla
libs=(libtracefs-dev libtraceevent-dev)

key=$( {
	sha1sum "$TOP/harness/rtla.sh"
	base_version
	dpkg-query -W -f '${Package} ${Version}\n' "${libs[@]}" 2>/dev/null
} | sha1sum | cut -d' ' -f1)
if [ -x "$bin" ] && [ "$key" = "$(cat "$out/key" 2>/dev/null)" ]; then
	echo "$bin"
	exit 0
fi

for p in "${libs[@]}" pkg-config; do
	dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		die "$p is not installed (run harness/deps.sh)"
done
"$TOP/harness/compose.sh" base
src=$BUILD/base/src/tools/tracing/rtla
[ -f "$src/Makefile" ] || die "no $src in the base"

msg "building rtla"
rm -rf "$out"
mkdir -p "$out"
# rtla's Makefile has no libcpupower option in 6.12: the two libraries
# are all it needs. O= keeps every object under $out.
make -s -C "$src" O="$out" CC="ccache gcc" > "$out/build.log" 2>&1 || {
	tail -n 20 "$out/build.log" >&2
	die "cannot build rtla (log: $out/build.log)"
}
[ -x "$bin" ] || die "the rtla build left no $bin"
echo "$key" > "$out/key"
echo "$bin"
