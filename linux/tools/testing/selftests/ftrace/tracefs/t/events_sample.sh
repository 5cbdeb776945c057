# SPDX-License-Identifier: GPL-2.0
# Upstream's trace events sample (samples/trace_events, built against
# this kernel), every TRACE_EVENT form: arrays, dynamic arrays, strings,
# __vstring, bitmasks, cpumasks, __rel_loc fields, symbolic and flag
# printing, conditions, the _FN variants (whose registration starts a
# thread), templates and DEFINE_EVENT_PRINT. The format files and the
# records must be upstream's: the text here was taken from upstream's
# kernel of the same base with the same module, on two CPUs (a line
# ending in a backslash continues on the next).
# limit: 120
use_sample trace-events-sample
[ "$(nproc)" = 2 ] || skip "the records here are of a 2-CPU guest"
unfold() { sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}'; }
insmod "$ko" || fail "insmod $ko"
trap 'rmmod trace_events_sample 2>/dev/null' EXIT
d=events/sample-trace

# The formats, but for the ids and blank lines.
unfold > /tmp/want.$$ <<'EOT'
name: foo_bar
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;
	field:char foo[10];	offset:8;	size:10;	signed:0;
	field:int bar;	offset:20;	size:4;	signed:1;
	field:__data_loc int[] list;	offset:24;	size:4;	signed:1;
	field:__data_loc char[] str;	offset:28;	size:4;	signed:0;
	field:__data_loc unsigned long[] cpus;	offset:32;	size:4;	signed:0;
	field:__data_loc cpumask_t cpum;	offset:36;	size:4;	signed:0;
	field:__data_loc char[] vstr;	offset:40;	size:4;	signed:0;
	field:__data_loc char[] lstr;	offset:44;	size:4;	signed:0;
print fmt: "foo %s %d %s %s %s %s %s %s (%s) (%s) %s [%d] %*pbl", REC->foo, REC->bar, __prin\
t_symbolic(REC->bar, { 0, "zero" }, { 2, "TWO" }, { 4, "FOUR" }, { 8, "EIGHT" }, { 10, "TEN"\
 } ), __print_flags(REC->bar, "|", { 1, "BIT1" }, { 2, "BIT2" }, { 4, "BIT3" }, { 8, "BIT4" \
} ), __print_array(__get_dynamic_array(list), __get_dynamic_array_len(list) / sizeof(int), s\
izeof(int)), __print_dynamic_array(list, sizeof(int)), __get_str(str), __get_str(lstr), __ge\
t_bitmask(cpus), __get_cpumask(cpum), __get_str(vstr), __get_dynamic_array_len(cpus), __get_\
dynamic_array_len(cpus), __get_dynamic_array(cpus)
name: foo_bar_with_cond
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;
	field:__data_loc char[] foo;	offset:8;	size:4;	signed:0;
	field:int bar;	offset:12;	size:4;	signed:1;
print fmt: "foo %s %d", __get_str(foo), REC->bar
name: foo_bar_with_fn
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;
	field:__data_loc char[] foo;	offset:8;	size:4;	signed:0;
	field:int bar;	offset:12;	size:4;	signed:1;
print fmt: "foo %s %d", __get_str(foo), REC->bar
name: foo_rel_loc
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;
	field:__rel_loc char foo[];	offset:8;	size:4;	signed:0;
	field:int bar;	offset:12;	size:4;	signed:1;
	field:__rel_loc unsigned long bitmask[];	offset:16;	size:4;	signed:0;
	field:__rel_loc cpumask_t cpumask;	offset:20;	size:4;	signed:0;
print fmt: "foo_rel_loc %s, %d, %s, %s", __get_rel_str(foo), REC->bar, __get_rel_bitmask(bit\
mask), __get_rel_cpumask(cpumask)
name: foo_with_template_cond
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;
	field:__data_loc char[] foo;	offset:8;	size:4;	signed:0;
	field:int bar;	offset:12;	size:4;	signed:1;
print fmt: "foo %s %d", __get_str(foo), REC->bar
name: foo_with_template_fn
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;
	field:__data_loc char[] foo;	offset:8;	size:4;	signed:0;
	field:int bar;	offset:12;	size:4;	signed:1;
print fmt: "foo %s %d", __get_str(foo), REC->bar
name: foo_with_template_print
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;
	field:__data_loc char[] foo;	offset:8;	size:4;	signed:0;
	field:int bar;	offset:12;	size:4;	signed:1;
print fmt: "bar %s %d", __get_str(foo), REC->bar
name: foo_with_template_simple
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;
	field:__data_loc char[] foo;	offset:8;	size:4;	signed:0;
	field:int bar;	offset:12;	size:4;	signed:1;
print fmt: "foo %s %d", __get_str(foo), REC->bar
EOT
for e in foo_bar foo_bar_with_cond foo_bar_with_fn foo_rel_loc \
	 foo_with_template_cond foo_with_template_fn foo_with_template_print \
	 foo_with_template_simple; do
	grep -v '^ID:' $d/$e/format | grep -v '^$'
done > /tmp/got.$$
diff /tmp/want.$$ /tmp/got.$$ > /tmp/diff.$$ || fail "formats: $(cat /tmp/diff.$$)"

# The records of the first iterations, each as upstream prints it.
unfold > /tmp/want.$$ <<'EOT'
foo hello 0 zero  {} {} Mother Goose  (00000000,00000003) (00000000,00000003) iter=0 [8] 0-1
foo hello 1 0x1 BIT1 {0x1} {0x1} Snoopy  (00000000,00000003) (00000000,00000003) iter=1 [8] \
0-1
foo hello 2 TWO BIT2 {0x1,0x2} {0x1,0x2} Gandalf h (00000000,00000003) (00000000,00000003) i\
ter=2 [8] 0-1
foo hello 3 0x3 BIT1|BIT2 {0x1,0x2,0x3} {0x1,0x2,0x3} Frodo h (00000000,00000003) (00000000,\
00000003) iter=3 [8] 0-1
foo hello 4 FOUR BIT3 {0x1,0x2,0x3,0x4} {0x1,0x2,0x3,0x4} One ring to rule them all he (0000\
0000,00000003) (00000000,00000003) iter=4 [8] 0-1
foo hello 5 0x5 BIT1|BIT3 {} {} Mother Goose he (00000000,00000003) (00000000,00000003) iter\
=5 [8] 0-1
foo hello 6 0x6 BIT2|BIT3 {0x1} {0x1} Snoopy hel (00000000,00000003) (00000000,00000003) ite\
r=6 [8] 0-1
EOT
echo 1 > $d/enable
sleep 4.5
echo 0 > $d/enable
grep ' foo_bar: ' trace | sed 's/^.* foo_bar: //' > /tmp/got.$$
n=0
while IFS= read -r line; do
	i=$(echo "$line" | sed -n 's/^foo hello \([0-9]*\) .*/\1/p')
	want=$(grep "^foo hello $i " /tmp/want.$$) || continue
	[ "$line" = "$want" ] || fail "iteration $i: got '$line', want '$want'"
	n=$((n + 1))
done < /tmp/got.$$
rm -f /tmp/want.$$ /tmp/got.$$ /tmp/diff.$$
[ $n -ge 2 ] ||
	fail "$n foo_bar records of the first iterations: $(grep -v '^#' trace | head -n 5)"
grep -q ' foo_with_template_simple: foo HELLO [0-9]*$' trace ||
	fail "no foo_with_template_simple record"
grep -q ' foo_with_template_print: bar I have to be different [0-9]*$' trace ||
	fail "no foo_with_template_print record"
rl=' foo_rel_loc: foo_rel_loc Hello __rel_loc, [0-9]*, 00000000,deadbeef, 00000000,00000003$'
grep -q "$rl" trace || fail "no foo_rel_loc record: $(grep foo_rel_loc trace | head -n 2)"
grep -q ' foo_bar_with_fn: foo Look at me [0-9]*$' trace ||
	fail "no foo_bar_with_fn record (its registration starts its thread)"
# The condition: foo_bar_with_cond records only iterations 0, 10, 20...
! grep ' foo_bar_with_cond: ' trace | grep -qv ' print [0-9]*0$' ||
	fail "foo_bar_with_cond recorded where its condition is false"
rmmod trace_events_sample || fail "rmmod"
trap - EXIT
[ ! -d $d ] || fail "$d left after rmmod"
