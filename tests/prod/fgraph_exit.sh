# Reproducer of a known problem, not run by make check (see
# Documentation/trace/tracing-design.rst, "Known problems"): on the
# production config, function_graph with tasks exiting often crashes in
# a few seconds, about one boot in two: a double fault in
# ring_buffer_reserve() under fgraph_return() from exit_mmap(), or user
# tasks killed by general protection faults. The test kernel (lockdep,
# DEBUG_PREEMPT) passes the same load. Run it with
#   harness/vm -k prod -a tests/prod/fgraph_exit.sh:/opt/f.sh 'sh /opt/f.sh'
t=/sys/kernel/tracing
for r in 1 2 3 4 5; do
	echo function_graph > $t/current_tracer
	for i in $(seq 30); do cat /proc/interrupts > /dev/null; ls /proc > /dev/null; done
	echo nop > $t/current_tracer
	echo "round $r ok"
done
