#!/usr/bin/env bash
# Configure and build one kernel flavour.
#
#   test            our tracing, lock debugging and KUnit suites on (default)
#   prod            our tracing, no lock debugging (benchmarks)
#   prod-nolat      prod without the latency tracers (B9's baseline)
#   prod-noblk      prod without block I/O tracing (B20.idle's baseline)
#   upstream        upstream ftrace, lock debugging on (conformance yardstick)
#   upstream-prod   upstream ftrace, no lock debugging (benchmarks)
#   none            no tracing at all (benchmarks)
#   defconfig       our tracing on x86_64_defconfig instead of tinyconfig
#                   (make defconfig-check: a realistic config)
#   kasan           test plus KASAN, UBSAN and KFENCE (make kasan-check)
#   prod-kasan      prod plus those: the fuzz of make check's kernel (its
#                   event list and timing) under the memory checkers
#
# The config is x86_64 tinyconfig (defconfig for the defconfig flavour)
# plus the fragments in configs/. It is
# regenerated only when a fragment or a Kconfig file changes, and every
# value a fragment asks for must survive olddefconfig.
#
# Usage: harness/kernel.sh [flavour]   prints the path of the bzImage
. "$(dirname "$0")/lib.sh"

flavour=${1:-test}
start=tinyconfig
case $flavour in
test)		tree=ours; frags="base debug ours kunit" ;;
kasan)		tree=ours; frags="base debug ours kunit kasan" ;;
prod)		tree=ours; frags="base ours" ;;
prod-nolat)	tree=ours; frags="base ours nolat" ;;
prod-noblk)	tree=ours; frags="base ours noblk" ;;
prod-kasan)	tree=ours; frags="base ours kasan" ;;
upstream)	tree=base; frags="base debug upstream" ;;
upstream-prod)	tree=base; frags="base upstream" ;;
none)		tree=base; frags="base" ;;
defconfig)	tree=ours; frags="base ours"; start=x86_64_defconfig ;;
*)		die "unknown flavour $flavour" ;;
esac

"$TOP/harness/compose.sh" "$tree"
src=$BUILD/$tree/src
obj=$BUILD/kernels/$flavour
mkdir -p "$obj"

files=()
for f in $frags; do files+=("$TOP/configs/$f.config"); done
kconfigs=()
[ "$tree" = ours ] && mapfile -t kconfigs < <(find "$TOP/linux" -name 'Kconfig*' | sort)
key=$(printf '%s\n' "$start" "$frags" "$(hash_paths "${files[@]}" "${kconfigs[@]}")" \
	"$(cat "$BUILD/$tree/full.key" 2>/dev/null || cat "$BUILD/base/version")")

kmake() {
	make -s -C "$src" O="$obj" ARCH=x86_64 CC="ccache gcc" \
		HOSTCC="ccache gcc" KBUILD_BUILD_TIMESTAMP="2024-01-01 00:00:00" \
		KBUILD_BUILD_USER=harness KBUILD_BUILD_HOST=harness "$@"
}

if [ "$key" != "$(cat "$obj/config.key" 2>/dev/null)" ] || [ ! -f "$obj/.config" ]; then
	msg "configuring $flavour ($frags)"
	kmake "$start" >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
		"${files[@]}" >/dev/null
	kmake olddefconfig >/dev/null
	bad=0
	# What the fragments ask for, a later fragment's value of a symbol
	# replacing an earlier one's.
	while IFS= read -r line; do
		case $line in
		CONFIG_*=n) want="# ${line%=n} is not set"
			grep -qxF "$want" "$obj/.config" ||
			! grep -q "^${line%=n}=" "$obj/.config" || { msg "not applied: $line"; bad=1; } ;;
		CONFIG_*) grep -qxF "$line" "$obj/.config" ||
			{ msg "not applied: $line"; bad=1; } ;;
		esac
	done < <(cat "${files[@]}" | awk -F= '/^CONFIG_/ { v[$1] = $0; if (!($1 in o)) o[$1] = n++ }
		END { for (k in v) print o[k], v[k] }' | sort -n | cut -d' ' -f2-)
	[ $bad -eq 0 ] || die "config fragments for $flavour did not apply"
	echo "$key" > "$obj/config.key"
fi

msg "building $flavour"
start=$(date +%s)
kmake -j"$JOBS" >"$obj/build.log" 2>&1 || { tail -40 "$obj/build.log" >&2; die "build of $flavour failed (log: $obj/build.log)"; }
grep -E 'warning:' "$obj/build.log" >&2 || true
msg "built $flavour in $(( $(date +%s) - start ))s"
echo "$obj/arch/x86/boot/bzImage"
