#!/usr/bin/env bash
# make fuzz [N=<writes per file>] [SEED=<seed>] [ONLY=<substring>] [PART=K/M]:
# tfuzz (linux/tools/testing/selftests/ftrace/tracefs/tfuzz.c) on the test
# kernel, with lock debugging (FUZZ_KERNEL: another flavour, e.g. kasan).
# PART=K/M fuzzes every M-th file from the K-th, so that M runs side by
# side fuzz every file once. Block I/O tracing comes last: the blk
# tracer's files of /dev/vda and of a loop device and its partition, and
# the BLKTRACE ioctls (entries ioctl:<file>). Prints its failures, then
#     N BLKTRACE ioctls, N rejected
# and its last line:
#     N writes, N files, N crashes, N changed-on-reject
# Exit status: 0 when the run is clean (and the console too).
. "$(dirname "$0")/lib.sh"

n=${N:-10000}
seed=${SEED:-1}
only="${ONLY:+-f $ONLY} ${PART:+-p $PART} ${V:+-v}"
kernel=${FUZZ_KERNEL:-test}
ko=$BUILD/kernels/$kernel/kernel/trace/tests/fentry_test_mod.ko
args=()
[ -f "$ko" ] && args+=(-a "$ko:/opt/fentry_test_mod.ko")
# A module whose functions the :mod: terms name, loaded when it exists.
"$TOP/harness/vm" -q -k "$kernel" -t "${FUZZ_TIMEOUT:-7200}" "${args[@]}" \
	"[ -f /opt/fentry_test_mod.ko ] && insmod /opt/fentry_test_mod.ko
	 tfuzz -n $n -s $seed $only"
