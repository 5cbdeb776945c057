# Top-level commands of the project. See README.md.
#
#   make run [CMD='...']   boot our kernel; run CMD in /sys/kernel/tracing,
#                          or give an interactive shell without CMD
#   make check             every test; ends with "N passed, N failed"
#   make lint              checkpatch --strict and kernel-doc
#   make series            the kernel patch series, in build/series/
#   make series-check      build the kernel after every patch of the series
#   make kernel            our test kernel (lock debugging on)
#   make prod-kernel       our kernel without lock debugging
#   make upstream-kernel   upstream ftrace, same base and config
#   make upstream-check    upstream's ftracetest against the upstream kernel
#   make bench [QUICK=1]   ours vs upstream vs no tracing, interleaved rounds
#   make defconfig-check   our tracing on x86_64_defconfig: build, boot, smoke
#   make fuzz [N=..] [SEED=..] [ONLY=..] [PART=K/M]  every writable tracefs file fuzzed
#   make kasan-check       selftests, ftracetest and a fuzz pass under KASAN,
#                          UBSAN and KFENCE
#   make soak [MINUTES=30] numbered records checked against the lost counts
#                          while everything churns
#   make klp-check [TESTS='test-ftrace ...']  upstream's livepatch selftests
#                          against the test kernel

SHELL := /bin/bash
H := harness
RUN_ARGS ?=

.PHONY: all deps kernel prod-kernel upstream-kernel initramfs run check lint \
	series series-check upstream-check bench defconfig-check fuzz kasan-check soak klp-check bootconfig-check clean

all: kernel

deps:
	@$(H)/deps.sh

kernel: deps
	@$(H)/kernel.sh test >/dev/null

prod-kernel: deps
	@$(H)/kernel.sh prod >/dev/null

upstream-kernel: deps
	@$(H)/kernel.sh upstream >/dev/null

initramfs: deps
	@$(H)/initramfs.sh >/dev/null

# CMD is written to a file with $(value ...), so that make expands nothing
# in it ($, quotes and newlines reach the guest shell as typed).
ifeq ($(origin CMD),undefined)
run: deps
	@$(H)/vm -i $(RUN_ARGS)
else
run: deps
	@mkdir -p build
	$(file >build/run-cmd.sh,$(value CMD))
	@$(H)/vm -c build/run-cmd.sh $(RUN_ARGS)
endif

check: deps
	@$(H)/check.sh

lint: deps
	@$(H)/lint.sh

series: deps
	@$(H)/series.sh

series-check: deps
	@$(H)/series.sh --build

upstream-check: deps
	@$(H)/ftracetest.sh upstream

bench: deps
	@QUICK=$(QUICK) $(H)/bench.sh

defconfig-check: deps
	@$(H)/defconfig-check.sh

fuzz: deps
	@N=$(N) SEED=$(SEED) ONLY=$(ONLY) PART=$(PART) $(H)/fuzz.sh

kasan-check: deps
	@N=$(N) SEED=$(SEED) $(H)/kasan-check.sh

soak: deps
	@MINUTES=$(MINUTES) $(H)/soak.sh

klp-check: deps
	@$(H)/kernel.sh test >/dev/null && HARNESS_NO_BUILD=1 $(H)/klp.sh test run $(TESTS)

bootconfig-check: deps
	@tests/bootconfig/roundtrip.sh

clean:
	rm -rf build/kernels build/logs build/series build/initramfs
