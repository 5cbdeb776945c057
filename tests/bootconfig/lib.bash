# Sourced by the boot config tests (tests/host/bootconfig.sh,
# tests/bootconfig/roundtrip.sh): vm runs a guest with the test files,
# the base tree's tools/bootconfig/scripts and the bootconfig tool, and
# ex_split cuts the examples out of the base tree's boottime-trace.rst.
k=${BOOT_KERNEL:-test}
base=$TOP/build/base/src
[ -d "$base/tools/bootconfig/scripts" ] || "$TOP/harness/compose.sh" base >&2
tool=$("$TOP/harness/bootconfig.sh" | tail -1)
here=$TOP/tests/bootconfig
tmp=$(mktemp -d)
# BC_KEEP=1 keeps the outputs, for a look.
if [ -n "${BC_KEEP:-}" ]; then echo "# outputs in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
# busybox's mktemp wants six X, the scripts give four, and its xargs has
# no -L: the host's, in PATH.
vm() {
	"$TOP/harness/vm" -q -k "$k" -a "$here:/opt/bctest" \
		-a "$base/tools/bootconfig/scripts:/opt/bconf/scripts" \
		-a "$tool:/opt/bconf/bootconfig" \
		-a "$(command -v mktemp):/opt/bconf/bin/mktemp" \
		-a "$(command -v xargs):/opt/bconf/bin/xargs" "$@"
}
# The scripts make temporary files in the cwd. busybox's sh runs
# ftrace2bconf.sh in half the time bash does; bconf2ftrace.sh needs
# bash, whose mktemp is the one in PATH (busybox's sh runs its own).
scripts='cd /tmp && export PATH=/opt/bconf/bin:$PATH &&'
dump="$scripts busybox sh /opt/bconf/scripts/ftrace2bconf.sh"
apply="$scripts bash /opt/bconf/scripts/bconf2ftrace.sh --apply"

# ex_split: the literal blocks of boottime-trace.rst into $tmp/ex.N; exs
# gets those of the "ftrace" tree, kex the "kernel" example.
ex_split() {
	local f
	awk -v d="$tmp" '
	/::$/ { inb = 1; nb++; next }
	inb && /^$/ { print "" > (d "/ex." nb); next }
	inb && /^[ \t]/ { print > (d "/ex." nb); next }
	inb { inb = 0 }' "$base/Documentation/trace/boottime-trace.rst"
	exs=() kex=
	for f in "$tmp"/ex.*; do
		if grep -q '^ *kernel {' "$f"; then
			kex=$f
		elif ! grep -q '^ *trace_options=' "$f"; then
			exs+=("$f")
		fi
	done
}
