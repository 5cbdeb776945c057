# SPDX-License-Identifier: GPL-2.0
# The call-site table: every traceable function is listed once, init and
# notrace code is not, addresses agree with kallsyms, and the boot
# conversion was reported with its cost.
[ -f available_filter_functions ] || skip "no function tracer"
funcs=/tmp/aff.$$
cat available_filter_functions > $funcs
n=$(wc -l < $funcs)
[ "$n" -gt 1000 ] || fail "only $n traceable functions"
# Functions every kernel has and traces.
for f in schedule vfs_read do_sys_openat2 kmem_cache_alloc_noprof; do
	grep -qx "$f" $funcs || fail "$f not listed"
done
# Never: notrace (tracing's own code, the do-nothing hook), init code.
for f in __fentry__ ring_buffer_reserve trace_rec_reserve start_kernel; do
	! grep -qx "$f" $funcs || fail "$f listed"
done
[ "$(sort $funcs | uniq -d | head -n 1)" = "" ] ||
	[ "$(sort $funcs | uniq -d | wc -l)" -lt "$((n / 50))" ] ||
	fail "too many duplicate names"
# The _addrs file: same functions, in the same order, at kallsyms' address
# of each plus the entry offset (4 past an endbr64 with X86_KERNEL_IBT).
cut -d' ' -f2- available_filter_functions_addrs | cmp -s - $funcs ||
	fail "the _addrs file lists other functions"
for f in schedule vfs_read; do
	a=$(grep " $f\$" available_filter_functions_addrs | cut -d' ' -f1)
	k=$(grep " [tT] $f\$" /proc/kallsyms | cut -d' ' -f1 | sed 's/^0*//')
	[ -n "$a" ] && [ -n "$k" ] || fail "$f at '$a', kallsyms says '$k'"
	case $((0x$a - 0x$k)) in
	0|4) ;;
	*) fail "$f at $a, kallsyms says $k" ;;
	esac
done
# dyn_ftrace_total_info: the number of records, which includes the sites
# that are not listed (the dead copies of replaced weak functions).
set -- $(cat dyn_ftrace_total_info)
[ "$1" -ge "$n" ] && [ "$1" -lt "$((n + n / 10 + 10))" ] ||
	fail "dyn_ftrace_total_info: $* for $n listed"
# Boot reported the conversion, at 4 bytes a record.
report="ftrace: converted $1 call sites to nops in [0-9]* us (0 refused)"
report="$report; records: $(($1 * 4)) bytes, 4 per site"
dmesg | grep -q "$report" || fail "no conversion report: $(dmesg | grep 'ftrace:')"
# Read-only files reject writes (root passes the permission check, the
# file then refuses).
[ "$(write_errno available_filter_functions x)" != ok ] ||
	fail "available_filter_functions took a write"
cmp -s available_filter_functions $funcs || fail "the listing changed"
rm -f $funcs
