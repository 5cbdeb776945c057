# SPDX-License-Identifier: GPL-2.0
# The block layer under tracing: the guest's scratch disk (ext4 on
# virtio-blk) takes writes while its block events and the submission
# path's functions are traced.
# limit: 120
[ -d /mnt/scratch ] || skip "no scratch disk (harness/vm attaches one)"
grep -q ' /mnt/scratch ext4 ' /proc/mounts || fail "/mnt/scratch is not ext4"
[ -d events/block ] || fail "no block events"
echo 'submit_bio*' > set_ftrace_filter
echo function > current_tracer
echo 1 > events/block/block_rq_issue/enable
dd if=/dev/zero of=/mnt/scratch/blk.tmp bs=64k count=16 conv=fsync 2>/dev/null ||
	fail "write to the scratch disk"
echo 0 > tracing_on
rm -f /mnt/scratch/blk.tmp
grep -Eq 'block_rq_issue: 254,0 W' trace ||
	grep -Eq 'block_rq_issue: [0-9]+,[0-9]+ W' trace ||
	fail "no write issued: $(grep -m 3 block_rq trace)"
grep -q ': submit_bio <-' trace || fail "no submit_bio call traced"
