#!/usr/bin/env bash
# Style checks: checkpatch --strict on every kernel file of ours and on the
# generated patch series, and kernel-doc on our headers and sources.
# Usage: harness/lint.sh [--no-series]
. "$(dirname "$0")/lib.sh"

"$TOP/harness/compose.sh" base
# checkpatch runs spdxcheck.py with the python3 on PATH: use Debian's (python3-ply).
export PATH=/usr/bin:$PATH
ksrc=$BUILD/base/src
# GIT_DIR: checkpatch would take our project's .git for the kernel's and run
# spdxcheck.py against it. UNDOCUMENTED_SETUP: checkpatch wants a __setup() documented in the same
# patch; ours implement upstream's parameters, already in kernel-parameters.txt.
cp_() { GIT_DIR=/nonexistent perl "$ksrc/scripts/checkpatch.pl" --strict --quiet --root="$ksrc" \
	--show-types --ignore FILE_PATH_CHANGES,SPDX_LICENSE_TAG,UNDOCUMENTED_SETUP "$@"; }
bad=0

mapfile -t files < <(cd "$TOP/linux" && find . -type f \( -name '*.[ch]' -o \
	-name '*.S' -o -name Kconfig -o -name Makefile \) | sed 's|^\./||' | sort)
for f in "${files[@]}"; do
	# Host tools use libelf's CamelCase types (GElf_Shdr, Elf_Scn).
	case $f in scripts/*) extra=(--ignore CAMELCASE) ;; *) extra=() ;; esac
	out=$(cd "$TOP/linux" && cp_ "${extra[@]}" -f "$f" 2>&1) || { echo "$out"; bad=1; }
done
# checkpatch --strict caches the kernel's CamelCase words in its working
# directory: not ours to keep.
rm -f "$TOP"/linux/.checkpatch-camelcase.*
echo "checkpatch: ${#files[@]} files"

for f in "${files[@]}"; do
	case $f in *.[ch]) ;; *) continue ;; esac
	out=$(perl "$ksrc/scripts/kernel-doc" -none -Wall "$TOP/linux/$f" 2>&1)
	[ -z "$out" ] || { echo "$out"; bad=1; }
done
echo "kernel-doc: done"

if [ "${1:-}" != --no-series ]; then
	"$TOP/harness/series.sh" >/dev/null
	for p in "$BUILD"/series/out/0*.patch; do
		case $p in *0000-cover-letter.patch) continue ;; esac
		extra=()
		grep -q '^+++ b/scripts/recordmcount.c' "$p" && extra=(--ignore CAMELCASE)
		out=$(cp_ "${extra[@]}" "$p" 2>&1) || { echo "== $(basename "$p")"; echo "$out"; bad=1; }
	done
	echo "checkpatch: the series"
fi
exit $bad
