#!/usr/bin/env bash
# make soak [MINUTES=30]: the soak (linux/tools/testing/selftests/ftrace/
# tracefs/soak.sh) in a guest of the test kernel, with lock debugging:
# numbered records written on every CPU into an instance and checked by
# tsoak against the ring buffer's lost-event counts, while everything
# else churns. Prints its lines; the last one is
#     soak: N minutes, N records written, N lost and counted at their
#     place, N errors
# Exit status: 0 when every check passed and the console stayed clean.
. "$(dirname "$0")/lib.sh"

min=${MINUTES:-30}
kdir=$BUILD/kernels/${SOAK_KERNEL:-test}
sel=$TOP/linux/tools/testing/selftests/ftrace/tracefs
# Upstream's samples that the soak's api loop loads, where this kernel
# built them.
samples=()
for m in kprobes/kprobe_example ftrace/ftrace-direct; do
	[ ! -f "$kdir/samples/$m.ko" ] ||
		samples+=(-a "$kdir/samples/$m.ko:/opt/soak/${m#*/}.ko")
done
"$TOP/harness/vm" -q -k "${SOAK_KERNEL:-test}" -t $((min * 60 + 900)) \
	"${samples[@]}" \
	-a "$sel/soak.sh:/opt/soak/soak.sh" \
	-a "$kdir/kernel/trace/tests/trace_soak_mod.ko:/opt/soak/trace_soak_mod.ko" \
	-a "$kdir/kernel/trace/tests/fentry_test_mod.ko:/opt/soak/fentry_test_mod.ko" \
	"sh /opt/soak/soak.sh $min /opt/soak"
