#!/usr/bin/env bash
# Compose the kernel trees.
#
#   build/base/src   the pristine base, unpacked from Debian's linux-source-6.12
#   build/ours/src   the base minus upstream ftrace (compose/remove.list),
#                    with linux/ laid over it and patches/ applied
#
# A full recompose happens only when the base version, remove.list or
# patches/ change, or a file disappears from linux/. Otherwise the overlay is
# synced file by file (by checksum), so an edit to one file in linux/ touches
# only that file and the incremental kernel build stays short.
#
# Usage: harness/compose.sh [base|ours]
. "$(dirname "$0")/lib.sh"

what=${1:-ours}

compose_base() {
	local ver want
	ver=$(base_version) || die "$BASE_PKG is not installed (run harness/deps.sh)"
	want=$(cat "$TOP/compose/base-version")
	[ "$ver" = "$want" ] ||
		msg "warning: base is $BASE_PKG $ver, recorded $want; going on"
	if [ "$(cat "$BUILD/base/version" 2>/dev/null)" = "$ver" ] &&
	   [ -d "$BUILD/base/src" ]; then
		return 0
	fi
	msg "unpacking $BASE_PKG $ver"
	rm -rf "$BUILD/base"
	mkdir -p "$BUILD/base/unpack"
	tar -xf "$BASE_TARBALL" -C "$BUILD/base/unpack"
	mv "$BUILD/base/unpack"/* "$BUILD/base/src"
	rmdir "$BUILD/base/unpack"
	echo "$ver" > "$BUILD/base/version"
}

# apply_patches DIR: apply patches/*.patch in order, breaking hard links
# to the pristine base first so that the base is never written through.
apply_patches() {
	local dir=$1 p f
	for p in "$TOP"/patches/*.patch; do
		[ -e "$p" ] || continue
		sed -n 's|^+++ b/\([^\t]*\).*|\1|p' "$p" | while read -r f; do
			[ -f "$dir/$f" ] || continue
			cp -p "$dir/$f" "$dir/$f.unlink" && mv "$dir/$f.unlink" "$dir/$f"
		done
		patch -s -p1 -d "$dir" --no-backup-if-mismatch < "$p" ||
			die "patch $(basename "$p") does not apply"
	done
}

# patched_files: the files that patches/ changes, as ./path lines.
patched_files() {
	local p
	for p in "$TOP"/patches/*.patch; do
		sed -n 's|^+++ b/\([^\t]*\).*|./\1|p' "$p"
	done
}

compose_ours() {
	local out=$BUILD/ours full_key old_key manifest
	full_key=$(printf '%s\n' "$(base_version)" \
		"$(hash_paths "$TOP/compose/remove.list" "$TOP/patches")")
	manifest=$( (cd "$TOP/linux" && find . -type f | LC_ALL=C sort) )
	old_key=$(cat "$out/full.key" 2>/dev/null || true)

	if [ "$full_key" != "$old_key" ] || [ ! -d "$out/src" ] ||
	   [ -n "$(comm -23 "$out/manifest" <(echo "$manifest") 2>/dev/null)" ]; then
		msg "full recompose of $out/src"
		local touched=
		[ -f "$out/touched" ] && touched=$(cat "$out/touched")
		rm -rf "$out/src" "$out/full.key"
		mkdir -p "$out"
		cp -al "$BUILD/base/src" "$out/src"
		remove_upstream "$out/src"
		rsync -r --checksum "$TOP/linux/" "$out/src/"
		apply_patches "$out/src"
		# Files that differed from the base last time may equal it now and
		# carry the base's old mtime: touch them so make rebuilds them.
		(cd "$out/src" && for f in $touched; do
			[ -f "$f" ] && touch -c "$f"; done; true)
		echo "$full_key" > "$out/full.key"
	else
		rsync -r --checksum "$TOP/linux/" "$out/src/"
	fi
	echo "$manifest" > "$out/manifest"
	{ echo "$manifest"; patched_files; } | sort -u > "$out/touched"
}

compose_base
[ "$what" = base ] || compose_ours
