# SPDX-License-Identifier: GPL-2.0
# Uprobe events: a probe and a return probe on the first instruction of
# the shell's text (its _init, which every process of it runs), their
# listing, records and uprobe_profile; user memory through @+OFFS (the
# ELF magic at file offset 0), the user stack and $comm; the probe only
# registered while enabled; dynamic_events; perf probe -x; and what is
# refused: with its errno, its error_log position, and the list left as
# it was.
# limit: 300
[ -f uprobe_events ] || skip "no uprobe_events"
echo > uprobe_events
sh=$(readlink -f /bin/sh)
# The shell's text mapping: its file offset is where the text starts.
# (The ':' keeps the shell from becoming cat.)
maps=$(sh -c 'cat /proc/$$/maps; :')
off=$(echo "$maps" | awk -v f="$sh" '$2 ~ /^r-xp/ && $6 == f { print $3; exit }')
[ -n "$off" ] || fail "no text mapping of $sh: $maps"
off=$(printf '0x%016x' "0x$off")

echo "p:uprobes/init $sh:$off magic=@+0:x32 sp=\$stack c=\$comm" >> uprobe_events
echo "r:ur/initret $sh:$off ip=%ip" >> uprobe_events
want="p:uprobes/init $sh:$off magic=@+0:x32 sp=\$stack c=\$comm
r:ur/initret $sh:$off ip=%ip"
[ "$(cat uprobe_events)" = "$want" ] || fail "listing: $(cat uprobe_events)"
[ "$(cat dynamic_events)" = "$want" ] || fail "dynamic_events: $(cat dynamic_events)"
grep -q 'print fmt: "(0x%lx) magic=0x%x' events/uprobes/init/format ||
	fail "format: $(cat events/uprobes/init/format)"
echo 1 > events/uprobes/init/enable
echo 1 > events/ur/initret/enable
echo > trace
sh -c true
echo 0 > events/uprobes/init/enable
echo 0 > events/ur/initret/enable
grep -q ' init: (0x[0-9a-f]*) magic=0x464c457f sp=0x[0-9a-f]* c="sh"$' trace ||
	fail "no entry record: $(grep -v '^#' trace | head -n 5)"
grep -q ' initret: (0x[0-9a-f]* <- 0x[0-9a-f]*) ip=0x[0-9a-f]*$' trace ||
	fail "no return record: $(grep -v '^#' trace | head -n 5)"
hits=$(awk '$2 == "init" { print $3 }' uprobe_profile)
[ "${hits:-0}" -gt 0 ] || fail "uprobe_profile: $(cat uprobe_profile)"
grep -q "^  $sh init " uprobe_profile || fail "uprobe_profile: $(cat uprobe_profile)"
# Disabled, nothing more is recorded.
echo > trace
sh -c true
! grep -q ' init: ' trace || fail "recorded while disabled"

# Enabled events cannot go; then they go by name.
echo 1 > events/uprobes/init/enable
expect_reject uprobe_events '-:uprobes/init' 'Device or resource busy'
echo 0 > events/uprobes/init/enable
echo '-:uprobes/init' >> uprobe_events
echo '-:ur/initret' >> dynamic_events
[ -z "$(cat uprobe_events)" ] || fail "left: $(cat uprobe_events)"

# Default names; a kprobe in kprobe_events is not a uprobe's.
echo "p $sh:$off" >> dynamic_events
n=$(printf 'p_%s_0x%x' "$(basename "$sh")" "$off" | tr -c 'a-zA-Z0-9\n' '_')
[ -d events/uprobes/$n ] || fail "default name: $(cat uprobe_events)"
echo 'p:kp/vr vfs_read' >> dynamic_events
[ "$(cat uprobe_events)" = "p:uprobes/$n $sh:$off" ] || fail "kinds mixed: $(cat uprobe_events)"
echo > dynamic_events

# perf probe -x: perf reads the binary's symbols and writes the place;
# perf stat counts the one call of tbpf's main.
tb=$(command -v tbpf || true)
if command -v perf > /dev/null && [ -n "$tb" ]; then
	export PAGER=cat
	perf probe -q -x "$tb" -a main || fail "perf probe -x $tb -a main"
	grep -q "^p:probe_tbpf/main $tb:0x[0-9a-f]*\$" uprobe_events ||
		fail "perf probe -x: $(cat uprobe_events)"
	n=$(perf stat -x, -e probe_tbpf:main -- "$tb" probe 2>&1 > /dev/null |
		awk -F, '/probe_tbpf:main/ { print $1 }')
	[ "${n:-0}" = 1 ] || fail "perf stat on perf probe -x's event counted '${n}'"
	perf probe -q -d 'probe_tbpf:*' || fail "perf probe -d 'probe_tbpf:*'"
	[ -z "$(cat uprobe_events)" ] || fail "left after perf probe -d: $(cat uprobe_events)"
else
	echo "no perf or no tbpf: perf probe -x not checked"
fi

# Refused definitions: errno, error_log position, nothing changed.
echo "p:uprobes/keep $sh:$off" > uprobe_events
check_err() { # command-with-^ errno
	cmd=$(printf '%s' "$1" | tr -d '^')
	pos=$(printf '%s' "${1%%^*}" | wc -c)
	echo > error_log
	expect_reject uprobe_events "$cmd" "$2"
	grep -q 'trace_uprobe: error:' error_log || fail "no error_log entry for '$cmd'"
	n=$(tail -n 1 error_log | wc -c)
	[ "$n" -eq $((pos + 13)) ] ||
		fail "'$cmd': caret at $((n - 13)), want $pos: $(cat error_log)"
}
check_err 'p ^/non_exist_file:100' 'No such file or directory'
check_err 'p ^/sys:100' 'Invalid argument'
check_err "p $sh:^10a" 'Invalid argument'
check_err "p $sh:10(^1a)" 'Invalid argument'
check_err "p $sh:10(10^" 'Invalid argument'
check_err "p $sh:10(10)^a" 'Invalid argument'
check_err "p $sh:10 ^@+ab" 'Invalid argument'
check_err "p $sh:10 ^@symbol" 'Invalid argument'
check_err "p $sh:10^%hoge" 'Invalid argument'
check_err "p $sh:10(10)^%return" 'Invalid argument'
check_err "p $sh:10 \$stack0:^symstr" 'Invalid argument'
check_err "p $sh:^0x7fffffff" 'Invalid argument'
check_err "p $sh:10 ^\$arg1" 'Invalid argument'
check_err "^p:uprobes/keep $sh:$off" 'File exists'
[ "$(cat uprobe_events)" = "p:uprobes/keep $sh:$off" ] ||
	fail "list changed: $(cat uprobe_events)"
echo > uprobe_events
