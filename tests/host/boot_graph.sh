#!/usr/bin/env bash
# ftrace_graph_filter=, ftrace_graph_notrace= (terms separated by commas)
# and ftrace_graph_max_depth= on the kernel command line fill
# set_graph_function, set_graph_notrace and max_graph_depth, and with
# ftrace=function_graph the graph traces from boot on within them; a
# term naming nothing is reported and leaves its file empty.
. "$(dirname "$0")/lib.bash"
app="ftrace=function_graph ftrace_graph_filter=vfs_read,ksys_read"
app="$app ftrace_graph_notrace=rw_verify_area* ftrace_graph_max_depth=2"
out=$(HARNESS_APPEND="$app" "$TOP/harness/vm" -q -t 120 '
		sed "s/^/filter /" set_graph_function
		sed "s/^/notrace /" set_graph_notrace
		echo "depth $(cat max_graph_depth)"
		echo "tracer $(cat current_tracer)"
		cat /proc/version > /dev/null
		echo 0 > tracing_on
		grep -v "^#" trace | sed "s/^/trace /"' 2>&1)
check "the filter has vfs_read and ksys_read" test \
	"$(grep '^filter ' <<< "$out" | sort | tr '\n' ' ')" = \
	"filter ksys_read filter vfs_read "
check "the notrace set has rw_verify_area" \
	grep -qx 'notrace rw_verify_area' <<< "$out"
check "max_graph_depth is 2" grep -qx 'depth 2' <<< "$out"
check "function_graph is current" grep -qx 'tracer function_graph' <<< "$out"
check "ksys_read is graphed" grep -q '^trace .*ksys_read() {' <<< "$out"
check "so is its callee vfs_read" grep -q '^trace .*|    vfs_read();' <<< "$out"
check "a top-level vfs_read has callees" \
	grep -q '^trace .*|    shmem_file_read_iter();' <<< "$out"
check "nothing below depth 2" test "$(grep '^trace ' <<< "$out" |
	grep -c '|      [a-z_]')" = 0
check "rw_verify_area is not" test "$(grep '^trace ' <<< "$out" |
	grep -c rw_verify_area)" = 0

out=$(HARNESS_APPEND="ftrace_graph_filter=no_such_function_xyz" \
	"$TOP/harness/vm" -q -t 120 'cat set_graph_function; dmesg' 2>&1)
check "a bad term is reported" grep -q \
	'ftrace_graph_filter=no_such_function_xyz: error -22, ignored' <<< "$out"
check "and leaves the file empty" grep -qx \
	'#### all functions enabled ####' <<< "$out"
