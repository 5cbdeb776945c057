# SPDX-License-Identifier: GPL-2.0
# The network recipe of the kernel developers' notes: trace the transmit
# path while pinging the loopback device (the only network the guest has).
# limit: 120
command -v ping >/dev/null || skip "no ping in the guest"
echo dev_hard_start_xmit > set_ftrace_filter
echo function > current_tracer
ping -c 3 -i 0.2 127.0.0.1 > /tmp/ping.out 2>&1 || fail "ping: $(tail -n 3 /tmp/ping.out)"
grep -q '3 packets transmitted, 3 .*received' /tmp/ping.out ||
	fail "ping lost packets: $(tail -n 2 /tmp/ping.out)"
echo 0 > tracing_on
n=$(grep -c ': dev_hard_start_xmit <-' trace || true)
[ "$n" -ge 6 ] || fail "$n dev_hard_start_xmit records for 3 echo requests and replies"
