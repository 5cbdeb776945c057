#!/usr/bin/env bash
# Host tests of scripts/recordmcount.c: build it against libelf, run it on
# fixtures compiled with the kernel's hook flags, and compare its table with
# the call sites objdump shows; then link, and check that every entry of
# the linked table is a call to __fentry__ (weak functions that another
# object replaces included).
. "$(dirname "$0")/lib.bash"
shopt -s extglob
FIX=$TOP/tests/host/recordmcount
T=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
CF="-O2 -pg -mfentry -fno-pic -mcmodel=kernel -mno-red-zone -fno-asynchronous-unwind-tables -c"
RM=$T/recordmcount

check "recordmcount builds against libelf without warnings" \
	eval "gcc -O2 -Wall -Wextra -Werror -o $RM $TOP/linux/scripts/recordmcount.c -lelf"
[ -x "$RM" ] || exit 0

# norm: "section hex" lines to sorted "section+0xN" (no leading zeros).
norm() {
	local s a
	while read -r s a; do
		case $a in not-a-call) echo "$s"; continue ;; esac
		printf '%s+0x%x\n' "$s" $((16#$a))
	done | sort
}
# call_sites OBJ: "section+0xoff" for each call to __fentry__ objdump shows
# in a section that must be recorded (not init, exit or untraced).
call_sites() {
	objdump -dr "$1" | awk '
		/^Disassembly of section / { sec = $4; sub(/:$/, "", sec) }
		/^ *[0-9a-f]+:\t/ { addr = $1; sub(/:$/, "", addr); insn = $0 }
		/R_X86_64_PLT32\t__fentry__-0x4/ {
			if (insn !~ /\te8 /) { print "not-a-call", "x"; next }
			if (sec == ".init.text" || sec == ".exit.text") next
			print sec, addr
		}' | norm
}
# table OBJ: "section+0xoff" for each entry of __mcount_loc.
table() {
	readelf -rW "$1" | awk '
		/^Relocation section / { on = ($3 == "'"'"'.rela__mcount_loc'"'"'") ; next }
		on && $3 == "R_X86_64_64" { print $5, $7 }' | norm
}

gcc $CF -o "$T/calls.o" "$FIX/calls.c"
call_sites "$T/calls.o" > "$T/want"
cp "$T/calls.o" "$T/calls.orig.o"
check "recordmcount succeeds on an object with calls" "$RM" "$T/calls.o"
table "$T/calls.o" > "$T/got"
check "the table lists exactly objdump's call sites ($(wc -l < "$T/want") expected)" \
	eval "[ -s $T/want ] && cmp -s $T/want $T/got"
check "init, exit and notrace code and the hook's address are not listed" \
	eval "! grep -q 'init\|exit' $T/got && [ \$(wc -l < $T/got) -eq 6 ]"
check "every entry names a section symbol" \
	eval "readelf -rW $T/calls.o | awk '/rela__mcount_loc/ {on=1; next} on && /R_X86_64_64/ {print \$5}' |
		while read -r s; do readelf -sW $T/calls.o | awk -v s=\"\$s\" '\$8 == s && \$4 == \"SECTION\"' | grep -q . || exit 1; done"
check "the object still links and disassembles the same" \
	eval "cmp <(objdump -d $T/calls.orig.o | tail -n +3) <(objdump -d $T/calls.o | tail -n +3)"

cp "$T/calls.o" "$T/again.o"
"$RM" "$T/again.o"
check "a second run changes nothing" cmp -s "$T/calls.o" "$T/again.o"

gcc -O2 -fno-pic -fno-asynchronous-unwind-tables -c -o "$T/nocalls.o" "$FIX/nocalls.c"
cp "$T/nocalls.o" "$T/nocalls.orig.o"
check "an object without calls is left untouched" \
	eval "$RM $T/nocalls.o && cmp -s $T/nocalls.o $T/nocalls.orig.o"

gcc $CF -ffunction-sections -o "$T/fs.o" "$FIX/calls.c"
call_sites "$T/fs.o" > "$T/want-fs"
"$RM" "$T/fs.o"
table "$T/fs.o" > "$T/got-fs"
check "one section per function: every call recorded" \
	eval "[ \$(wc -l < $T/want-fs) -eq 6 ] && cmp -s $T/want-fs $T/got-fs"

# Link with the object that replaces the weak functions.
gcc -O2 -fno-pic -fno-asynchronous-unwind-tables -c -o "$T/other.o" "$FIX/other.c"
gcc -c -o "$T/hook.o" "$FIX/hook.S"
ld -static -e _start -o "$T/prog" "$T/calls.o" "$T/other.o" "$T/hook.o"
hook=$(nm "$T/prog" | awk '$3 == "__fentry__" { print $1 }')
hook=${hook##*(0)}
objdump -s -j __mcount_loc "$T/prog" | awk '/^ [0-9a-f]+ / {
	for (i = 2; i <= 5; i += 2) if ($i != "") print $i $(i + 1) }' |
	sed 's/\(..\)\(..\)\(..\)\(..\)\(..\)\(..\)\(..\)\(..\)/\8\7\6\5\4\3\2\1/' |
	sed 's/^0*//' > "$T/linked"
linked_ok() {
	local a
	[ "$(wc -l < "$T/linked")" -eq 6 ] || return 1
	while read -r a; do
		objdump -d --start-address=0x$a --stop-address=$((0x$a + 5)) "$T/prog" |
			grep -q "e8 .*call *0*$hook <__fentry__>" || return 1
	done < "$T/linked"
}
check "linked: every entry is a call to __fentry__" linked_ok
weak_copy=$(nm "$T/calls.o" | awk '$3 == "weak_fn" { print $1 }')
check "linked: the replaced weak function's own call is listed, not the replacement's" \
	eval "grep -qx \"\$(printf %x \$((0x$(nm "$T/prog" | awk '$3 == "global_fn" {print $1}') - 0x40 + 0x$weak_copy)))\" $T/linked &&
		! grep -qx $(nm "$T/prog" | awk '$3 == "weak_fn" {print $1}' | sed 's/^0*//') $T/linked"

# A relocation to the hook on something that is not a call instruction.
cp "$T/calls.orig.o" "$T/bad.o"
off=$((16#$(readelf -SW "$T/bad.o" | sed -n 's/.* \.text  *PROGBITS  *[0-9a-f]*  *\([0-9a-f]*\) .*/\1/p')))
printf '\x90' | dd of="$T/bad.o" bs=1 seek=$((off + 0x20)) conv=notrunc status=none
check "a relocation to __fentry__ that is not a call fails with a clear message" \
	eval "! $RM $T/bad.o 2> $T/err && grep -q 'bad.o: .text+0x20: relocation to __fentry__ is not a call' $T/err"
check "a file that is not an object fails" \
	eval "echo junk > $T/junk.o; ! $RM $T/junk.o 2> $T/err && grep -q 'not an ELF object' $T/err"
