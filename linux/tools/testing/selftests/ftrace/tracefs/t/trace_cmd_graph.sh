# SPDX-License-Identifier: GPL-2.0
# trace-cmd with the function_graph tracer on one function (-g), as a
# user runs it: record, then report with its function_graph output
# (nested calls, durations), decoded from funcgraph_entry/exit records.
# limit: 180
command -v trace-cmd >/dev/null || skip "no trace-cmd in the guest"
dat=/mnt/scratch/trace-cmd-graph.dat
[ -d /mnt/scratch ] || dat=/tmp/trace-cmd-graph.dat
head -c 8192 /dev/zero > /tmp/tcg.in
trace-cmd record -p function_graph -g ksys_read -o $dat \
	/usr/bin/cat /tmp/tcg.in > /tmp/tcg.rec 2>&1 ||
	fail "record: $(tail -n 5 /tmp/tcg.rec)"
trace-cmd report -i $dat > /tmp/tcg.txt 2> /tmp/tcg.err ||
	fail "report: $(tail -n 5 /tmp/tcg.err)"
grep -Eq 'funcgraph_entry: +\| +ksys_read\(\) \{$' /tmp/tcg.txt ||
	fail "no ksys_read() entry: $(grep -m 5 funcgraph /tmp/tcg.txt)"
grep -Eq 'funcgraph_(entry|exit): +[0-9.]+ us +\| +(\}|[a-z_0-9.]+\(\);)' /tmp/tcg.txt ||
	fail "no durations: $(grep -m 5 funcgraph /tmp/tcg.txt)"
nested_entry='funcgraph_entry: +\|     +[a-z_0-9.]+\(\) \{$'
nested_leaf='funcgraph_entry: +[0-9.]+ us +\|     +[a-z_0-9.]+\(\);$'
grep -Eq "$nested_entry|$nested_leaf" /tmp/tcg.txt ||
	fail "nothing nested under ksys_read: $(grep -m 8 funcgraph /tmp/tcg.txt)"
# Only what ksys_read calls: no other top-level function.
top=$(grep -E 'funcgraph_entry: .*\|  [a-z_]' /tmp/tcg.txt | grep -v 'ksys_read()' | head -n 3)
[ -z "$top" ] || fail "functions outside ksys_read at the top: $top"
bad='failed to parse|unknown|bad op|error|warning'
! grep -Eiq "$bad" /tmp/tcg.txt /tmp/tcg.err ||
	fail "parse trouble: $(grep -Eim 3 "$bad" /tmp/tcg.txt /tmp/tcg.err)"
