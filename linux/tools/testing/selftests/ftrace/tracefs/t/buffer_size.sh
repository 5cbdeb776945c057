# buffer_size_kb sets every CPU's buffer, per_cpu/cpuN/buffer_size_kb one
# of them; buffer_total_size_kb sums them; bad sizes change nothing.
ncpu=$(ls -d per_cpu/cpu* | wc -l)
echo 100 > buffer_size_kb
[ "$(cat buffer_size_kb)" = 100 ] || fail "buffer_size_kb: $(cat buffer_size_kb)"
[ "$(cat per_cpu/cpu0/buffer_size_kb)" = 100 ] || fail "cpu0 size"
[ "$(cat buffer_total_size_kb)" = $((100 * ncpu)) ] ||
	fail "total: $(cat buffer_total_size_kb) for $ncpu CPUs"
if [ "$ncpu" -gt 1 ]; then
	echo 60 > per_cpu/cpu1/buffer_size_kb
	[ "$(cat buffer_size_kb)" = X ] || fail "mixed sizes read $(cat buffer_size_kb)"
	[ "$(cat per_cpu/cpu1/buffer_size_kb)" = 60 ] || fail "cpu1 size"
	[ "$(cat buffer_total_size_kb)" = $((100 * (ncpu - 1) + 60)) ] ||
		fail "total with cpu1 at 60: $(cat buffer_total_size_kb)"
fi
echo 200 > buffer_size_kb
[ "$(cat buffer_size_kb)" = 200 ] || fail "back to one size"
# Records survive a resize that keeps room for them.
echo kept > trace_marker
echo 300 > buffer_size_kb
[ "$(marker_lines)" = kept ] || fail "a resize lost the record"
expect_reject buffer_size_kb 0 "Invalid argument"
expect_reject buffer_size_kb abc "Invalid argument"
expect_reject buffer_size_kb -5 "Invalid argument"
expect_reject buffer_size_kb 99999999999 "Cannot allocate memory"
expect_reject per_cpu/cpu0/buffer_size_kb 99999999999 "Cannot allocate memory"
[ "$(cat buffer_size_kb)" = 300 ] || fail "a failed resize changed the size"
# buffer_percent: 0 to 100.
echo 0 > buffer_percent
[ "$(cat buffer_percent)" = 0 ] || fail "buffer_percent"
expect_reject buffer_percent 101 "Invalid argument"
expect_reject buffer_percent x "Invalid argument"
echo 50 > buffer_percent
# Closing free_buffer shrinks every buffer to the minimum.
echo > free_buffer
[ "$(cat buffer_size_kb)" -lt 300 ] || fail "free_buffer kept $(cat buffer_size_kb)"
[ "$(cat tracing_on)" = 1 ] || fail "free_buffer stopped tracing without disable_on_free"
echo 1 > options/disable_on_free
echo > free_buffer
[ "$(cat tracing_on)" = 0 ] || fail "disable_on_free did not stop tracing"
echo 0 > options/disable_on_free
echo 1408 > buffer_size_kb
# A size the buffer has already needs no more memory: written again, it
# is taken even when what is left could not hold it a second time.
avail=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
big=$((avail * 6 / 10 / ncpu))
echo $big > buffer_size_kb
[ "$(cat buffer_size_kb)" = $big ] || fail "a size of $big KiB was not taken"
[ "$(write_errno buffer_size_kb $big)" = ok ] ||
	fail "the same size written again: $(write_errno buffer_size_kb $big)"
echo 1408 > buffer_size_kb
