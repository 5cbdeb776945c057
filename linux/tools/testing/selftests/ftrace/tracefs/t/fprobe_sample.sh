# SPDX-License-Identifier: GPL-2.0
# fprobe (entry and return handlers on a set of functions) with upstream's
# sample (samples/fprobe/fprobe_example.c, built against this kernel): by
# one name, by a glob with exclusions, and by a list of names; each entry
# and return is reported, the return to the right caller, and unloading
# reports the hits and leaves no function enabled.
# limit: 120
use_sample fprobe_example
for args in "symbol=kernel_clone" "symbol=kernel_clon* nosymbol=*sys_getppid" \
	    "symbol=kernel_clone,do_exit"; do
	dmesg -c > /dev/null
	set -f
	insmod "$ko" stackdump=0 $args || fail "insmod $args: $(dmesg | tail -2)"
	set +f
	dmesg | grep -q 'Planted fprobe at' || fail "$args: not planted"
	grep -q '^kernel_clone ' enabled_functions ||
		fail "$args: kernel_clone not enabled"
	sh -c true
	wait_for 5 sh -c 'dmesg | grep -q "Enter <kernel_clone+0x"' ||
		fail "$args: no entry: $(dmesg | tail -3)"
	wait_for 5 sh -c 'dmesg | grep -q "Return from <kernel_clone+0x.*> ip = .* to rip = .*"' ||
		fail "$args: no return"
	case $args in
	*do_exit*) wait_for 5 sh -c 'dmesg | grep -q "Enter <do_exit+0x"' ||
		fail "$args: no entry of do_exit" ;;
	esac
	rmmod fprobe_example || fail "rmmod ($args)"
	dmesg | grep -q 'unregistered\. [1-9][0-9]* times hit' ||
		fail "$args: no hit count: $(dmesg | tail -2)"
	grep -q '^kernel_clone \|^do_exit ' enabled_functions &&
		fail "$args: functions left enabled"
done
:
