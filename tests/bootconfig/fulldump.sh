#!/bin/sh
# The tracing setup, array by array: what two ways of making it (a boot
# config, or bconf2ftrace.sh after boot) must agree on. Settings only,
# nothing that depends on what ran.
cd /sys/kernel/tracing
arr() { # DIR LABEL
	d=$1 l=$2
	echo "$l tracer $(cat "$d/current_tracer")"
	echo "$l on $(cat "$d/tracing_on")"
	echo "$l clock $(cat "$d/trace_clock")"
	echo "$l size $(cat "$d/buffer_size_kb")"
	echo "$l cpumask $(cat "$d/tracing_cpumask")"
	echo "$l options $(tr '\n' ' ' < "$d/trace_options")"
	if grep -q 'is allocated' "$d/snapshot"; then
		echo "$l snapshot allocated"
	fi
	grep -v '^#' "$d/set_ftrace_filter" | sort | sed "s/^/$l filter /"
	grep -v '^#' "$d/set_ftrace_notrace" | sort | sed "s/^/$l notrace /"
	sort "$d/set_event" | sed "s/^/$l event /"
	# One grep each: a loop of cats is slow under a tracer of every
	# function.
	grep -H . "$d"/events/*/*/filter | grep -v ':none$' |
		sed "s|^$d/\([^:]*\):|$l \1 |"
	grep -H . "$d"/events/*/*/trigger | grep -v ':#' |
		sed "s|^$d/\([^:]*\):|$l \1 |"
}
arr . top
for i in instances/*; do
	[ -d "$i" ] && arr "$i" "${i#instances/}"
done
sed 's/^/kprobe /' kprobe_events
sed 's/^/synth /' synthetic_events
echo "graph depth $(cat max_graph_depth)"
grep -v '^#' set_graph_function | sort | sed 's/^/graph filter /'
grep -v '^#' set_graph_notrace | sort | sed 's/^/graph notrace /'
