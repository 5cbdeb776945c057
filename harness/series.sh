#!/usr/bin/env bash
# Write the kernel patch series described by series/steps, as
# `git format-patch` files in build/series/out/, against the pristine base.
#
# The steps become commits in a scratch repository (build/series/repo) whose
# first commit is the base. The tree after the last step must equal the
# composed tree (build/ours/src), so that nothing in linux/ or patches/ is
# left out of the series.
#
# Usage: harness/series.sh [--build]
#   --build   also build the test kernel after every patch
. "$(dirname "$0")/lib.sh"

build=
[ "${1:-}" = --build ] && build=1

"$TOP/harness/compose.sh" ours
dir=$BUILD/series
repo=$dir/repo
ver=$(cat "$BUILD/base/version")
author="ftrace clean-room project <ftrace@localhost>"
git_() { git -C "$repo" -c user.name="ftrace clean-room project" \
	-c user.email=ftrace@localhost -c core.autocrlf=false "$@"; }

if [ "$(cat "$dir/base.version" 2>/dev/null)" != "$ver" ] || [ ! -d "$repo/.git" ]; then
	msg "creating the base repository (once per base version)"
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -a "$BUILD/base/src" "$repo"
	git_ init -q
	git_ add -A -f
	git_ commit -q -m "Linux $ver (Debian linux-source-6.12)"
	git_ tag base
	echo "$ver" > "$dir/base.version"
fi
git_ checkout -q -f -B series base
git_ clean -q -fdx

# filter_makefiles: in our Makefiles present in the tree, leave out the
# obj lines whose source file is not in the tree yet. Upstream's Makefile
# of the same path, before ours replaces it, is left as it is (its
# composite objects, such as libftrace.o, have no source of that name).
filter_makefiles() {
	local mk d o
	for mk in $(cd "$TOP/linux" && find . -name Makefile); do
		[ -f "$repo/$mk" ] || continue
		[ -n "${covered[${mk#./}]:-}" ] || continue
		d=$(dirname "$repo/$mk")
		awk -v d="$d" '
		/^obj-.*\+=/ {
			ok = 1
			for (i = 3; i <= NF; i++) if ($i ~ /\.o$/) {
				b = substr($i, 1, length($i) - 2)
				if (system("test -e \"" d "/" b ".c\" -o -e \"" d "/" b ".S\" -o -d \"" d "/" b "\"") != 0)
					ok = 0
			}
			if (!ok) next
		}
		{ print }' "$repo/$mk" > "$repo/$mk.tmp" && mv "$repo/$mk.tmp" "$repo/$mk"
	done
}

declare -A covered=()
subject= body= n=0 without=
# build-without: options (no CONFIG_ prefix) that --build turns off from
# this patch on, until another build-without: line: the test config's
# features whose code a later patch brings.
mkdir -p "$dir/without"
commit_step() {
	[ -n "$subject" ] || return 0
	# Makefiles added earlier are re-filtered as their objects arrive.
	for mk in $(cd "$TOP/linux" && find . -name Makefile); do
		[ -n "${covered[${mk#./}]:-}" ] && cp "$TOP/linux/$mk" "$repo/$mk"
	done
	filter_makefiles
	git_ add -A -f
	n=$((n + 1))
	echo "$without" > "$dir/without/$n"
	git_ commit -q -s --allow-empty --author="$author" -F - <<-MSG
	$subject

	$(printf '%b' "$body")
	MSG
	subject= body=
}

while IFS= read -r line; do
	case $line in
	'#'*|'') continue ;;
	subject:*) commit_step; subject=${line#subject: } ;;
	'|'*) l=${line#|}; body+="${l# }\n" ;;
	patch:*)
		p=$TOP/patches/${line#patch: }
		[ -f "$p" ] || die "series/steps: no patch $p"
		git_ apply "$p" || die "series/steps: $p does not apply"
		covered[patches/${line#patch: }]=1
		# The patch's own description becomes the body if none is given.
		if [ -z "$body" ]; then
			body=$(sed -n '/^$/,/^---$/p' "$p" | sed '1d;$d' | sed 's/$/\\n/' | tr -d '\n')
		fi ;;
	remove-upstream) remove_upstream "$repo" ;;
	build-without:*) without=${line#build-without:} ;;
	add:*)
		for g in ${line#add: }; do
			found=
			for f in "$TOP/linux"/$g; do
				[ -e "$f" ] || continue
				found=1
				rel=${f#"$TOP/linux/"}
				mkdir -p "$repo/$(dirname "$rel")"
				cp -a "$f" "$repo/$(dirname "$rel")/"
				while IFS= read -r x; do covered[${x#"$TOP/linux/"}]=1; done \
					< <(find "$f" -type f)
			done
			[ -n "$found" ] || die "series/steps: nothing matches $g"
		done ;;
	*) die "series/steps: cannot parse: $line" ;;
	esac
done < "$TOP/series/steps"
commit_step

# Everything must be covered, and the result must be the composed tree.
missing=0
while IFS= read -r f; do
	[ -n "${covered[$f]:-}" ] || { msg "not in series/steps: linux/$f"; missing=1; }
done < <(cd "$TOP/linux" && find . -type f | sed 's|^\./||')
for p in "$TOP"/patches/*.patch; do
	[ -n "${covered[patches/$(basename "$p")]:-}" ] ||
		{ msg "not in series/steps: patches/$(basename "$p")"; missing=1; }
done
[ $missing -eq 0 ] || die "series/steps does not cover every file"
if ! diff -rq -x .git "$repo" "$BUILD/ours/src" > "$dir/tree.diff"; then
	cat "$dir/tree.diff" >&2
	die "the series does not produce the composed tree"
fi

rm -rf "$dir/out"
git_ format-patch -q -B --cover-letter -o "$dir/out" base..series
sed -i "s/\*\*\* SUBJECT HERE \*\*\*/A clean-room ftrace for Linux 6.12/; \
	s/\*\*\* BLURB HERE \*\*\*/Apply with: git am on top of Debian's linux-source-6.12 $ver.\\n\
See Documentation\/trace\/tracing-design.rst for the design and file map./" \
	"$dir/out/0000-cover-letter.patch"
msg "wrote $n patches to $dir/out"

if [ -n "$build" ]; then
	obj=$dir/obj
	cp "$BUILD/kernels/test/.config" "$dir/config" 2>/dev/null ||
		{ "$TOP/harness/kernel.sh" test >/dev/null; cp "$BUILD/kernels/test/.config" "$dir/config"; }
	# The patches before our core apply to upstream's kernel/trace, which
	# builds with the upstream flavour's config (the same options, as
	# upstream's Kconfig takes them), not with ours.
	cp "$BUILD/kernels/upstream/.config" "$dir/config.upstream" 2>/dev/null ||
		{ "$TOP/harness/kernel.sh" upstream >/dev/null
		  cp "$BUILD/kernels/upstream/.config" "$dir/config.upstream"; }
	i=0
	for c in $(git_ rev-list --reverse base..series); do
		i=$((i + 1))
		git_ checkout -q "$c"
		mkdir -p "$obj"
		if [ -f "$repo/kernel/trace/trace_core.c" ]; then
			cp "$dir/config" "$obj/.config"
		else
			cp "$dir/config.upstream" "$obj/.config"
		fi
		for o in $(cat "$dir/without/$i" 2>/dev/null); do
			"$repo/scripts/config" --file "$obj/.config" -d "$o"
		done
		s=$(git_ log -1 --format=%s "$c")
		if make -s -C "$repo" O="$obj" CC="ccache gcc" olddefconfig >/dev/null &&
		   make -s -C "$repo" O="$obj" CC="ccache gcc" -j"$JOBS" > "$dir/build.log" 2>&1; then
			msg "builds: $s"
		else
			tail -20 "$dir/build.log" >&2
			die "does not build after: $s"
		fi
	done
	git_ checkout -q series
fi
ls "$dir/out"
