# shellcheck shell=bash
# Common settings for the harness scripts. Sourced, never run.

set -euo pipefail
shopt -s nullglob

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
BASE_PKG=linux-source-6.12
BASE_TARBALL=/usr/src/linux-source-6.12.tar.xz
JOBS=${JOBS:-$(nproc)}

# QEMU arguments for a PCI device nothing in the guest uses, for the
# mmiotrace selftest to trace (t/mmiotrace.sh): ivshmem-plain, whose BAR 2
# is 16 MiB of RAM, so that what the test module writes reads back.
MMIO_DEV="-object memory-backend-ram,id=mmio,size=16M -device ivshmem-plain,memdev=mmio"

msg() { printf '[%s] %s\n' "$(basename "$0")" "$*" >&2; }
die() { msg "error: $*"; exit 1; }

# base_version: the installed version of the base package.
base_version() {
	dpkg-query -W -f '${Version}' "$BASE_PKG" 2>/dev/null
}

# hash_paths PATH...: one hash over the names and contents of every file.
hash_paths() {
	local p
	for p in "$@"; do
		[ -e "$p" ] || { echo "absent $p"; continue; }
		(cd "$p" 2>/dev/null && find . -type f -print0 | LC_ALL=C sort -z |
			xargs -0r sha1sum) || sha1sum "$p"
	done | sha1sum | cut -d' ' -f1
}

# remove_upstream DIR: delete what compose/remove.list names, minus the keeps.
remove_upstream() {
	local dir=$1 line keep=() f k skip
	while read -r line; do
		case $line in ''|'#'*) continue ;; keep\ *) keep+=("${line#keep }") ;; esac
	done < "$TOP/compose/remove.list"
	while read -r line; do
		case $line in ''|'#'*|keep\ *) continue ;; esac
		for f in "$dir"/$line; do
			[ -e "$f" ] || continue
			skip=
			for k in "${keep[@]}"; do
				[ "$f" = "$dir/$k" ] && skip=1
			done
			[ -n "$skip" ] || rm -rf "$f"
		done
	done < "$TOP/compose/remove.list"
}
