#!/usr/bin/env bash
# make bench: our tracing against upstream ftrace and against no function
# tracing at all, side by side, in interleaved rounds (ours upstream none,
# ours upstream none, ...). Production configs (no lock debugging).
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

declare -A flavour=([ours]=prod [upstream]=upstream-prod [none]=none)
for k in ours upstream none; do
	msg "kernel $k (${flavour[$k]})"
	"$TOP/harness/kernel.sh" "${flavour[$k]}" > /dev/null
done

# Workloads, compiled static for the guest.
mkdir -p "$out/bin"
for src in "$TOP"/bench/*.c; do
	gcc -static -O2 -Wall -Werror -o "$out/bin/$(basename "$src" .c)" "$src" ||
		die "cannot build $src"
done

# The guest side of one round: select nop where tracefs exists, then run
# every workload; each prints "metric value" lines.
cat > "$out/round.sh" <<'GUEST'
t=/sys/kernel/tracing
[ -w $t/current_tracer ] && echo nop > $t/current_tracer
/harness/files/bin/idle ${IDLE_ARGS:-}
GUEST

: > "$out/raw"
for r in $(seq 1 "$rounds"); do
	for k in ours upstream none; do
		msg "round $r/$rounds: $k"
		"$TOP/harness/vm" -q -k "${flavour[$k]}" -t 600 -a "$out/bin" \
			-c "$out/round.sh" > "$out/round.out" 2> "$out/round.err" ||
			{ cat "$out/round.err" >&2; die "round $r on $k failed"; }
		awk -v r="$r" -v k="$k" 'NF == 2 { print r, k, $1, $2 }' \
			"$out/round.out" >> "$out/raw"
	done
done

machine="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; guest: QEMU TCG (single-threaded), ${HARNESS_SMP:-2} vCPUs"
/usr/bin/python3 "$TOP/harness/bench_report.py" "$TOP/bench/rows" "$out/raw" \
	"$out/results.json" "$TOP/linux/Documentation/trace/tracing-bench.rst" \
	"$rounds" "$machine" "$(( $(date +%s) - start ))"
