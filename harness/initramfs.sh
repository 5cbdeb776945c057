#!/usr/bin/env bash
# Build the guest's base initramfs (an uncompressed newc cpio):
# Debian's busybox-static for the shell utilities, plus real bash and the
# programs ftracetest needs that busybox lacks or gets wrong, with their
# shared libraries, and rtla (harness/rtla.sh). Rebuilt only when this
# script, guest-init or a program copied in changes.
#
# Usage: harness/initramfs.sh   prints the path of the cpio archive
. "$(dirname "$0")/lib.sh"

out=$BUILD/initramfs
cpio=$out/base.cpio
# Host programs copied into the guest, with the libraries they need.
bins=(/usr/bin/bash /usr/bin/chrt /usr/bin/taskset /usr/sbin/modprobe
      /usr/bin/ping /usr/bin/setsid /usr/bin/trace-cmd /usr/bin/nice)
# The clients users run, as Debian ships them: perf, uftrace, cyclictest,
# a dynamically linked cat (busybox's /bin/cat is static: uftrace's
# recipe traces a program it can hook), coreutils' timeout, whose
# --foreground kselftest's runner needs, and dd (oflag=direct); blktrace,
# blkparse, btrace and btt (Debian's blktrace).
clients=(/usr/bin/perf /usr/bin/uftrace /usr/bin/cyclictest /usr/bin/cat
	 /usr/bin/timeout /usr/bin/dd /usr/sbin/blktrace /usr/bin/blkparse
	 /usr/sbin/btrace /usr/bin/btt)
# What they load at run time: uftrace's libmcount, libtraceevent's plugins
# (trace-cmd and perf print events with them).
plugin_dirs=(/usr/lib/x86_64-linux-gnu/uftrace
	     /usr/lib/x86_64-linux-gnu/traceevent/plugins)
# What upstream's livepatch selftests call with options busybox lacks
# (sysctl --values, date --rfc-3339, stat --format, getconf), kept in
# /usr/libexec/klp so that only their runner (tests/klp/run.sh) sees them.
klp_bins=(/usr/sbin/sysctl /usr/bin/date /usr/bin/stat /usr/bin/getconf)
# rtla, the noise tracers' client, built from the base tree (rtla.sh):
# /usr/bin/rtla in the guest.
rtla=$("$TOP/harness/rtla.sh" | tail -n 1)

# Our own guest helpers, compiled static.
tools_src=$TOP/linux/tools/testing/selftests/ftrace/tracefs/tfs.c
# tfuzz: tfuzz.c (its runner), the files it is split into and their header.
fuzz_srcs=("$TOP"/linux/tools/testing/selftests/ftrace/tracefs/tfuzz*.c)
fuzz_hdr=$TOP/linux/tools/testing/selftests/ftrace/tracefs/tfuzz.h
soak_src=$TOP/linux/tools/testing/selftests/ftrace/tracefs/tsoak.c
bpf_src=$TOP/linux/tools/testing/selftests/ftrace/tracefs/tbpf.c

key=$(hash_paths "$TOP/harness/initramfs.sh" "$TOP/harness/guest-init" \
	"$tools_src" "${fuzz_srcs[@]}" "$fuzz_hdr" "$soak_src" "$bpf_src" /bin/busybox "${bins[@]}" "${clients[@]}" "${klp_bins[@]}" \
	"${plugin_dirs[@]}" "$rtla")
if [ -f "$cpio" ] && [ "$key" = "$(cat "$out/key" 2>/dev/null)" ]; then
	echo "$cpio"
	exit 0
fi

msg "building the guest initramfs"
root=$out/root
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,tmp,run,root,harness,lib64}
mkdir -p "$root"/sys/kernel
cp /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list-full); do
	[ -e "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done

# copy_with_libs FILE [DIR]: FILE at its own path, or in DIR, and the
# shared libraries it needs at theirs.
copy_with_libs() {
	local f=$1 lib to=${2:-$(dirname "$1")}
	mkdir -p "$root$to"
	rm -f "$root$to/${f##*/}"
	cp -L "$f" "$root$to/"
	for lib in $(ldd "$f" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}
for b in "${bins[@]}" "${clients[@]}"; do copy_with_libs "$b"; done
for b in "${klp_bins[@]}"; do copy_with_libs "$b" /usr/libexec/klp; done
copy_with_libs "$rtla" /usr/bin
for d in "${plugin_dirs[@]}"; do
	for so in "$d"/*.so; do copy_with_libs "$so"; done
done
# modprobe and friends are one kmod binary.
for k in insmod rmmod lsmod depmod modinfo; do
	rm -f "$root/usr/sbin/$k" "$root/sbin/$k"
	ln -s /usr/sbin/modprobe "$root/usr/sbin/$k"
done
# The shell of tests (#!/bin/sh) is bash: its kill and trap handle the
# real-time signals that ftracetest uses.
rm -f "$root/bin/sh" "$root/bin/bash"
ln -s /usr/bin/bash "$root/bin/sh"
ln -s /usr/bin/bash "$root/bin/bash"

mkdir -p "$root/usr/local/bin"
gcc -static -O2 -Wall -Werror -o "$root/usr/local/bin/tfs" "$tools_src" ||
	die "cannot build $tools_src"
gcc -static -O2 -Wall -Werror -o "$root/usr/local/bin/tfuzz" "${fuzz_srcs[@]}" ||
	die "cannot build tfuzz (${fuzz_srcs[*]})"
gcc -static -O2 -Wall -Werror -o "$root/usr/local/bin/tsoak" "$soak_src" ||
	die "cannot build $soak_src"
gcc -static -O2 -Wall -Werror -o "$root/usr/local/bin/tbpf" "$bpf_src" ||
	die "cannot build $bpf_src"
install -m 0755 "$TOP/harness/guest-init" "$root/init"
# tracer, in group tracing, and nobody: users for the permission tests
# (perms.sh, ftracetest's mount_options.tc and test_ownership.tc).
printf '%s\n' 'root:x:0:0:root:/root:/bin/bash' \
	'tracer:x:1000:1000:tracer:/tmp:/bin/sh' \
	'nobody:x:65534:65534:nobody:/nonexistent:/bin/sh' > "$root/etc/passwd"
printf '%s\n' 'root:x:0:' 'tracer:x:1000:' 'tracing:x:1001:tracer' \
	'nogroup:x:65534:' > "$root/etc/group"
echo '127.0.0.1 localhost' > "$root/etc/hosts"
printf '%s\n' 'PS1="\w # "' "alias poweroff='reboot -f' halt='reboot -f'" > "$root/root/.profile"
cp "$root/root/.profile" "$root/root/.bashrc"

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) > "$cpio"
echo "$key" > "$out/key"
echo "$cpio"
