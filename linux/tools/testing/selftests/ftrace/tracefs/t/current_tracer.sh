# current_tracer takes the names of available_tracers and nothing else.
for t in $(cat available_tracers); do
	echo "$t" > current_tracer
	[ "$(cat current_tracer)" = "$t" ] || fail "current_tracer is not $t"
done
echo nop > current_tracer
expect_reject current_tracer no_such_tracer "Invalid argument"
expect_reject current_tracer "" "Invalid argument"
expect_reject current_tracer "nop nop" "Invalid argument"
# Surrounding whitespace is ignored.
printf '  nop \n' > current_tracer
[ "$(cat current_tracer)" = nop ] || fail "whitespace not ignored"
