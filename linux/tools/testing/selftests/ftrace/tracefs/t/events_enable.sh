# events/enable takes 0 and 1; there are no events to enable yet.
echo 1 > events/enable
echo 0 > events/enable
[ "$(cat events/enable)" = 0 ] || fail "events/enable: $(cat events/enable)"
expect_reject events/enable 2 "Invalid argument"
expect_reject events/enable x "Invalid argument"
