#!/usr/bin/env bash
# Install the Debian packages the harness needs, if any is missing.
# Usage: harness/deps.sh [extra-package...]
. "$(dirname "$0")/lib.sh"

pkgs=(linux-source-6.12 qemu-system-x86 busybox-static libelf-dev flex bison
      bc cpio ccache rsync kmod util-linux iputils-ping xz-utils gcc make
      libc6-dev bash coreutils procps libc-bin perl python3 python3-ply python3-git trace-cmd
      e2fsprogs linux-perf uftrace rt-tests libtraceevent1-plugin
      libtracefs-dev libtraceevent-dev pkg-config blktrace
      "gcc-$(gcc -dumpversion 2>/dev/null || echo 12)-plugin-dev"
      "$@")

missing=()
for p in "${pkgs[@]}"; do
	s=$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null || true)
	[ "$s" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

msg "installing: ${missing[*]}"
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
