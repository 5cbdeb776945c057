#!/usr/bin/env bash
# make bench: our tracing against upstream ftrace and against no function
# tracing at all, side by side, in interleaved rounds (ours upstream none
# nolat, ours upstream none nolat, ...). Production configs (no lock
# debugging). nolat is ours without the latency tracers, and runs only the
# idle workload: B9's baseline.
#
# Usage: harness/bench.sh        (QUICK=1: one round; ROUNDS=N: N rounds)
# Writes build/bench/raw (round kernel metric value), build/bench/results.json,
# prints the table, and puts it in linux/Documentation/trace/tracing-bench.rst.
. "$(dirname "$0")/lib.sh"

rounds=${ROUNDS:-5}
[ "${QUICK:-0}" = 1 ] && rounds=1
out=$BUILD/bench
mkdir -p "$out"
start=$(date +%s)

declare -A flavour=([ours]=prod [upstream]=upstream-prod [none]=none
		    [nolat]=prod-nolat)
kernels="ours upstream none nolat"
for k in $kernels; do
	msg "kernel $k (${flavour[$k]})"
	"$TOP/harness/kernel.sh" "${flavour[$k]}" > /dev/null
done
# B20.idle's baseline: ours without block I/O tracing.
msg "kernel prod-noblk"
"$TOP/harness/kernel.sh" prod-noblk > /dev/null

# Workloads, compiled static for the guest.
mkdir -p "$out/bin"
for src in "$TOP"/bench/*.c; do
	gcc -static -O2 -Wall -Werror -o "$out/bin/$(basename "$src" .c)" "$src" ||
		die "cannot build $src"
done

# B10 modules: the same driver against each kernel's ring buffer API.
declare -A api=([ours]=ours [upstream]=upstream)
for k in ours upstream; do
	m=$out/mod/$k
	rm -rf "$m" && mkdir -p "$m"
	cp "$TOP"/bench/rbbench/* "$m/"
	make -s -C "$BUILD/kernels/${flavour[$k]}" M="$m" RBB_API="${api[$k]}" \
		CC="ccache gcc" modules > "$m/build.log" 2>&1 ||
		{ cat "$m/build.log" >&2; die "cannot build the B10 module for $k"; }
done

# B11 module: the same source against every kernel.
for k in ours upstream none; do
	m=$out/irqmod/$k
	rm -rf "$m" && mkdir -p "$m"
	cp "$TOP"/bench/irqbench/* "$m/"
	make -s -C "$BUILD/kernels/${flavour[$k]}" M="$m" CC="ccache gcc" \
		modules > "$m/build.log" 2>&1 ||
		{ cat "$m/build.log" >&2; die "cannot build the B11 module for $k"; }
done

# B14 modules, against ours and upstream: kpbench (a kprobe at a function's
# entry), and upstream's ftrace_ops sample (samples/ftrace/ftrace-ops.c,
# from the base tree, never copied into the repository) with a Kbuild of
# its own.
for k in ours upstream; do
	m=$out/kpmod/$k
	rm -rf "$m" && mkdir -p "$m"
	cp "$TOP"/bench/kpbench/* "$m/"
	cp "$BUILD/base/src/samples/ftrace/ftrace-ops.c" "$m/"
	echo 'obj-m += ftrace-ops.o' >> "$m/Kbuild"
	make -s -C "$BUILD/kernels/${flavour[$k]}" M="$m" CC="ccache gcc" \
		modules > "$m/build.log" 2>&1 ||
		{ cat "$m/build.log" >&2; die "cannot build the B14 modules for $k"; }
done

# The guest side of one round: select nop where tracefs exists, then run
# every workload; each prints "metric value" lines.
for k in ours upstream none; do
	cat > "$out/round-$k.sh" <<-'GUEST'
	t=/sys/kernel/tracing
	[ -w $t/current_tracer ] && echo nop > $t/current_tracer
	# B7.memory first, before any workload grows the buffers: RAM the
	# kernel saw at boot minus MemFree, with 1408 KB per CPU in use.
	[ -w $t/buffer_size_kb ] && echo 1408 > $t/buffer_size_kb
	sync; echo 3 > /proc/sys/vm/drop_caches 2>/dev/null
	ram=$(dmesg | sed -n 's/^.*Memory: [0-9]*K\/\([0-9]*\)K available.*$/\1/p')
	free=$(awk '$1 == "MemFree:" { print $2 }' /proc/meminfo)
	[ -n "$ram" ] && [ -n "$free" ] && echo "B7.memory_kb $((ram - free))"
	/harness/files/bin/idle ${IDLE_ARGS:-} | tee /tmp/idle.out
	# B2, B3, B6: where there is a function tracer. Without one, B3's
	# getppid is the plain one.
	if grep -qw function $t/available_tracers 2>/dev/null; then
		/harness/files/bin/fnbench
		/harness/files/bin/rdbench
	else
		sed -n 's/^B1\.getppid_ns/B3.getppid_ns/p' /tmp/idle.out
	fi
	# B4: where there is function_graph; B4.getppid_ns as B3's otherwise.
	if grep -qw function_graph $t/available_tracers 2>/dev/null; then
		/harness/files/bin/graphbench
	else
		sed -n 's/^B1\.getppid_ns/B4.getppid_ns/p' /tmp/idle.out
	fi
	# B5: trace events on a scheduling load, where there are events.
	/harness/files/bin/evbench
	# B12: perf samples of sched_switch on the same load.
	/harness/files/bin/perfbench
	# B13: a BPF tracepoint program on every syscall, where BPF events are.
	/harness/files/bin/bpfbench
	# B15: instances, where there are.
	/harness/files/bin/instbench
	# B16, B17: a kprobe event and a uprobe event, two fetch args each.
	/harness/files/bin/probebench
	# B7: bytes per call-site record, the same formula for every kernel
	# (pages of records x page size / records, from dyn_ftrace_total_info).
	# B7.convert comes from a boot of its own (b7_convert below).
	if [ -f $t/dyn_ftrace_total_info ]; then
		set -- $(cat $t/dyn_ftrace_total_info)
		echo "B7.record_bytes $(( ${2#pages:} * 4096 * 100 / $1 ))" |
			awk '{ printf "%s %.2f\n", $1, $2 / 100 }'
	fi
	# B11: an interrupt disable/enable pair under nop, then under irqsoff
	# (function-trace off) where it exists; the difference is its cost.
	b=/harness/files/irqmod/irqbench.ko
	if [ -f $b ]; then
		insmod $b tag=nop 2>/dev/null
		if grep -qw irqsoff $t/available_tracers 2>/dev/null; then
			echo 0 > $t/options/function-trace
			echo irqsoff > $t/current_tracer
			insmod $b tag=irqsoff 2>/dev/null
			echo nop > $t/current_tracer
			echo 1 > $t/options/function-trace
		fi
		dmesg | sed -n 's/^.*\] \(B11\.[a-z]*_pair_ns\) \([0-9.]*\)$/\1 \2/p' > /tmp/b11
		cat /tmp/b11
		awk '$1 == "B11.nop_pair_ns" { n = $2 } $1 == "B11.irqsoff_pair_ns" { i = $2 }
		     END { if (i != "") printf "B11.irqsoff_ns %.1f\n", i - n }' /tmp/b11
	fi
	# B14: a kprobe at a function's entry; ftrace_ops sample's cost per
	# call with one ops, and with two relevant and two irrelevant ones.
	if [ -f /harness/files/kpmod/kpbench.ko ]; then
		insmod /harness/files/kpmod/kpbench.ko 2>/dev/null
		dmesg | sed -n 's/^.*\] \(B14\.[a-z]*_ns\) \([0-9.]*\)$/\1 \2/p'
		f=/harness/files/kpmod/ftrace-ops.ko
		per_call='s/^.*Attempted 200000 calls.*(\([0-9]*\)ns \/ call)$/\1/p'
		insmod $f nr_function_calls=200000 2>/dev/null
		echo "B14.ops1_ns $(dmesg | sed -n "$per_call" | tail -1)"
		insmod $f nr_function_calls=200000 nr_ops_relevant=2 \
			nr_ops_irrelevant=2 2>/dev/null
		echo "B14.ops2_ns $(dmesg | sed -n "$per_call" | tail -1)"
	fi
	if [ -f /harness/files/mod/rbbench.ko ]; then
		insmod /harness/files/mod/rbbench.ko 2>/dev/null
		dmesg | sed -n 's/^.*\] \(B10\.[a-z]*_[0-9]*_ns\) \([0-9.]*\)$/\1 \2/p'
	fi
	GUEST
done
cat > "$out/round-nolat.sh" <<-'GUEST'
	t=/sys/kernel/tracing
	[ -w $t/current_tracer ] && echo nop > $t/current_tracer
	/harness/files/bin/idle ${IDLE_ARGS:-}
	GUEST

# B7.convert: the boot conversion, timed the same way in both kernels by
# the stopwatch plugin (bench/tbprof/stopwatch.c): host time in
# start_kernel()'s calls of ftrace_init_sites_early() and ftrace_init(),
# less the printk() calls those make directly (upstream prints its
# "ftrace: allocating/allocated" lines there; the console's cost is not
# the conversion's). Upstream's kernel reports no time of its own.
gcc -shared -fPIC -O2 -Wall -Werror -o "$out/stopwatch.so" \
	"$TOP/bench/tbprof/stopwatch.c" || die "cannot build the stopwatch plugin"

# b7_calls VMLINUX FUNCTION CALLEES: a win=CALL:NEXT argument for every call
# from FUNCTION to a function matching the regexp CALLEES.
b7_calls() {
	objdump -d --no-show-raw-insn --disassemble="$2" "$1" 2>/dev/null |
		awk -v re="$3" '
		want { sub(":", "", $1); printf ",win=0x%s:0x%s", from, $1; want = 0 }
		$0 ~ "call +[0-9a-f]+ <(" re ")>$" {
			from = $1; sub(":", "", from); want = 1 }'
}

# b7_convert KERNEL: boot it once with the stopwatch; print B7.convert_ms.
b7_convert() {
	local vm=$BUILD/kernels/${flavour[$1]}/vmlinux main ex f
	main=$(b7_calls "$vm" start_kernel 'ftrace_init_sites_early|ftrace_init')
	[ -n "$main" ] || return 0
	ex=
	for f in ftrace_init_sites_early ftrace_init ftrace_process_locs; do
		ex+=$(b7_calls "$vm" $f _printk)
	done
	rm -f "$out/stopwatch.out"
	HARNESS_QEMU="-plugin $out/stopwatch.so,out=$out/stopwatch.out$main$ex" \
		"$TOP/harness/vm" -q -k "${flavour[$1]}" -t 300 true > /dev/null ||
		die "the B7 boot of $1 failed"
	awk -v n="$(grep -o win= <<< "$main" | wc -l)" '
		NR <= n && !$3 { bad = 1 }
		{ ns += (NR <= n ? $4 : -$4) }
		END { if (!bad && NR) printf "B7.convert_ms %.3f\n", ns / 1e6 }' \
		"$out/stopwatch.out"
}

# B1.insns, B3.insns, B4.guard, B9.insns, B13.insns: the kernel's path through one getppid(),
# in guest instructions, counted by the tbprof plugin over a window of
# $insn_calls calls (bench/tbprof/pathlen). Exact, so one boot each.
gcc -shared -fPIC -O2 -Wall -Werror -o "$out/tbprof.so" \
	"$TOP/bench/tbprof/tbprof.c" || die "cannot build the tbprof plugin"
insn_calls=100000
graph_unused="echo vfs_fsync_range > /sys/kernel/tracing/set_graph_function &&
	echo function_graph > /sys/kernel/tracing/current_tracer &&"
fn_unused="echo vfs_fsync_range > /sys/kernel/tracing/set_ftrace_filter &&
	echo function > /sys/kernel/tracing/current_tracer &&"

# insn_path KERNEL [GUEST PREFIX [WORKLOAD]]: boot it once, print "insns X"
# and "fentry N", "trace N" (the patchable sites passed, nops while off).
# The workload makes the getppid() calls: idle's loop, or bpfbench's with
# its program attached (B13_HOLD).
insn_path() {
	local kdir=$BUILD/kernels/${flavour[$1]} addr
	local run=${3:-"/harness/files/bin/idle $((insn_calls + 10000)) 0 1 1"}
	addr=$(awk '$3 == "__x64_sys_getppid" { print "0x" $1 }' "$kdir/System.map")
	rm -f "$out/tbprof.out"
	HARNESS_QEMU="-plugin $out/tbprof.so,out=$out/tbprof.out,mark=$addr,warm=5000,count=$insn_calls" \
		"$TOP/harness/vm" -q -k "${flavour[$1]}" -t 300 -a "$out/bin" \
		"${2:-} $run" \
		> /dev/null || die "the instruction-count boot of $1 failed"
	"$TOP/bench/tbprof/pathlen" -s "$kdir/vmlinux" -n "$insn_calls" \
		-k trace_irqflags_key,trace_preemptoff_key \
		"$kdir/System.map" "$out/tbprof.out"
}

# insn_rows KERNEL: the raw lines of that kernel's instruction rows.
insn_rows() {
	local nop graph
	msg "instruction counts: $1"
	nop=$(insn_path "$1")
	awk -v k="$1" '{ v[$1] = $2 }
	     END { print "1", k, "B1.path_insns", v["insns"] - v["fentry"] - v["trace"]
		   print "1", k, "B1.sites", v["fentry"] + v["trace"]
		   # Without a function tracer, B3 runs the plain getppid.
		   if (k == "none")
			print "1", k, "B3.path_insns", v["insns"] }' <<< "$nop"
	case $1 in none|nolat) return ;; esac
	insn_path "$1" "$fn_unused" | awk -v k="$1" '{ v[$1] = $2 }
	     END { print "1", k, "B3.path_insns", v["insns"] - v["fentry"] - v["trace"] }'
	graph=$(insn_path "$1" "$graph_unused")
	awk -v k="$1" 'FNR == NR { v[$1] = $2; next }
		$1 == "insns" && v["fentry"] {
			printf "1 %s B4.guard_insns %.2f\n", k, ($2 - v["insns"]) / v["fentry"] }' \
		<(echo "$nop") <(echo "$graph")
	# B13.insns: what the BPF program on sys_enter adds to the same path.
	insn_path "$1" "" "B13_HOLD=$((insn_calls + 10000)) /harness/files/bin/bpfbench" |
		awk -v k="$1" -v nop="$(awk '$1 == "insns" { print $2 }' <<< "$nop")" '
		$1 == "insns" && $2 > nop { print "1", k, "B13.path_insns", $2 - nop }'
}

: > "$out/raw"
for k in $kernels; do
	insn_rows "$k" >> "$out/raw"
done
# tool_rows TOOL NAME ROWS WHAT: run bench/tbprof/TOOL on ours and on
# upstream (OUTDIR $out/NAME-KERNEL) and keep its "ROWS.x N" lines (ROWS an
# awk regexp of row ids) as raw lines of that kernel; WHAT for messages.
tool_rows() {
	local k
	for k in ours upstream; do
		msg "$4: $k"
		"$TOP/bench/tbprof/$1" -k "${flavour[$k]}" "$out/$2-$k" > "$out/$2.out" ||
			{ cat "$out/$2.out" >&2; die "the $4 boots of $k failed"; }
		awk -v k="$k" -v re="^($3)[.]" 'NF == 2 && $1 ~ re { print "1", k, $1, $2 }' \
			"$out/$2.out" >> "$out/raw"
	done
}
# B18, B19: the noise tracers' paths on guest CPU 1, exact
# (bench/tbprof/noisepath): per timerlat period, and what osnoise adds per
# timer interrupt it accounts. Three boots per kernel.
tool_rows noisepath noise 'B18|B19' "noise tracer paths"
# B20: what blktrace, set up and started, adds to a 4 KB direct-I/O write,
# exact (bench/tbprof/blkpath: two boots per kernel); and ours' write, not
# set up, against ours built without block I/O tracing (prod-noblk: one
# boot), which must be no longer.
tool_rows blkpath blk B20 "block I/O tracing paths"
msg "block I/O path without block I/O tracing: prod-noblk"
"$TOP/bench/tbprof/blkpath" -U -k prod-noblk "$out/blk-noblk" > "$out/blk.out" ||
	{ cat "$out/blk.out" >&2; die "the prod-noblk boot failed"; }
blk_ours=$(awk '$3 == "B20.untraced_insns" && $2 == "ours" { print $4 }' "$out/raw")
awk -v ours="$blk_ours" '$1 == "B20.untraced_insns" && ours != "" {
	print "1 ours B20.idle_insns", ours - $2 }' "$out/blk.out" >> "$out/raw"
# B21: what a rich bootconfig's setup takes in the boot-time tracing
# initcall, exact (bench/tbprof/bootpath: two boots per kernel).
tool_rows bootpath boot B21 "boot-time tracing setup"
for r in $(seq 1 "$rounds"); do
	for k in $kernels; do
		msg "round $r/$rounds: $k"
		mods=()
		[ -d "$out/mod/$k" ] && mods=(-a "$out/mod/$k/rbbench.ko:/harness/files/mod/rbbench.ko")
		[ -d "$out/irqmod/$k" ] &&
			mods+=(-a "$out/irqmod/$k/irqbench.ko:/harness/files/irqmod/irqbench.ko")
		[ -d "$out/kpmod/$k" ] &&
			mods+=(-a "$out/kpmod/$k/kpbench.ko:/harness/files/kpmod/kpbench.ko"
			       -a "$out/kpmod/$k/ftrace-ops.ko:/harness/files/kpmod/ftrace-ops.ko")
		"$TOP/harness/vm" -q -k "${flavour[$k]}" -t 600 -a "$out/bin" "${mods[@]}" \
			-c "$out/round-$k.sh" > "$out/round.out" 2> "$out/round.err" ||
			{ cat "$out/round.err" >&2; die "round $r on $k failed"; }
		case $k in ours|upstream) b7_convert $k >> "$out/round.out" ;; esac
		awk -v r="$r" -v k="$k" 'NF == 2 { print r, k, $1, $2 }' \
			"$out/round.out" >> "$out/raw"
	done
done

machine="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; guest: QEMU TCG (single-threaded), ${HARNESS_SMP:-2} vCPUs"
/usr/bin/python3 "$TOP/harness/bench_report.py" "$TOP/bench/rows" "$out/raw" \
	"$out/results.json" "$TOP/linux/Documentation/trace/tracing-bench.rst" \
	"$rounds" "$machine" "$(( $(date +%s) - start ))"
