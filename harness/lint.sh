#!/usr/bin/env bash
# Style checks: checkpatch --strict on the generated patch series (which
# holds every kernel file of ours), and kernel-doc on our headers and
# sources.
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

# cp_one FILE|PATCH: checkpatch one file of linux/ (-f) or one patch, and
# print its findings under its name. Host tools (scripts/) use libelf's
# CamelCase types (GElf_Shdr, Elf_Scn).
cp_one() {
	local extra=() out
	case $1 in
	*.patch) grep -q '^+++ b/scripts/recordmcount.c' "$1" &&
			extra=(--ignore CAMELCASE)
		 out=$(cp_ "${extra[@]}" "$1" 2>&1) ;;
	*)	 case $1 in scripts/*) extra=(--ignore CAMELCASE) ;; esac
		 out=$(cd "$TOP/linux" && cp_ "${extra[@]}" -f "$1" 2>&1) ;;
	esac && return 0
	# include/trace/define_trace.h, define_custom_trace.h, trace_ev_stages.h
	# and trace_bpf_stage.h are preprocessor
	# plumbing by nature: event macros that drop some of their arguments,
	# expand to declarations, and a computed #include <...> path. Their
	# findings are the one accepted exception.
	out=$(printf '%s\n' "$out" | awk -v RS= -v ORS='\n\n' \
		'/^(ERROR|WARNING|CHECK):/ && !/FILE: include\/trace\/(define_trace|define_custom_trace|trace_ev_stages|trace_bpf_stage)\.h:/')
	[ -n "$out" ] || return 0
	echo "== ${1##*/}"
	echo "$out"
	return 1
}
export -f cp_ cp_one
export TOP ksrc

# Every file of linux/ and patches/ is in the series, whole: checking the
# series checks them all. --no-series checks the files themselves instead
# (quicker while editing). Either way, one checkpatch per CPU.
if [ "${1:-}" = --no-series ]; then
	targets=("${files[@]}") what=files
else
	what=patches
	"$TOP/harness/series.sh" >/dev/null
	targets=()
	for p in "$BUILD"/series/out/0*.patch; do
		case $p in *0000-cover-letter.patch) continue ;; esac
		targets+=("$p")
	done
fi
printf '%s\0' "${targets[@]}" | xargs -0 -n 1 -P "$(nproc)" bash -c 'cp_one "$1"' _ ||
	bad=1
# checkpatch --strict caches the kernel's CamelCase words in its working
# directory: not ours to keep.
rm -f "$TOP"/linux/.checkpatch-camelcase.*
echo "checkpatch: ${#targets[@]} $what"

for f in "${files[@]}"; do
	case $f in *.[ch]) ;; *) continue ;; esac
	out=$(perl "$ksrc/scripts/kernel-doc" -none -Wall "$TOP/linux/$f" 2>&1)
	[ -z "$out" ] || { echo "$out"; bad=1; }
done
echo "kernel-doc: done"
exit $bad
