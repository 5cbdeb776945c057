# Sourced by the host tests (it is not one): TOP, the project's top
# directory, and check NAME COMMAND..., which runs COMMAND and prints
# "ok N NAME" or "not ok N NAME", N counting from 1.
set -u
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
n=0
check() {
	n=$((n + 1))
	if "${@:2}"; then echo "ok $n $1"; else echo "not ok $n $1"; fi
}
