# lockbench: what Linux lock paths cost before and after the 2.6.14
# spinlock consolidation.  `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VARIANTS ?=
VARIANT ?=
VCPUS ?=
MEM ?= 1024
ACCEL ?= auto
BOOTS ?= 10
REPEAT ?= 3
RUN ?= build/runs/latest
ICOUNT_RUN ?= build/runs/latest-icount
BOOTS_ICOUNT ?= 2
export VARIANTS VCPUS MEM ACCEL BOOTS REPEAT ICOUNT_RUN
# Q=1: only errors and each step's summary; VERBOSE=1: stream kernel builds.
export Q VERBOSE

S := scripts

# V= is Kbuild's verbosity (0, 1 or 2), passed to the kernel builds; the
# variant of the one-variant targets is VARIANT=.
ifneq ($(filter-out 0 1 2,$(V)),)
$(error V=$(V) is Kbuild's verbosity (0, 1, 2); name a variant with VARIANT=$(V))
endif
export V

# Your own kernels (README: Bring your own kernel): make tree (scripts/build/byo.sh)
# declares them as variants, so every target that uses a variant sets them
# up first.  A prebuilt kernel is VARIANT=prebuilt unless named.
export KSRC BASE PATCHED PATCHES BASE_NAME PATCHED_NAME FRAGMENTS KERNEL KBUILD KCONFIG \
	GOOD BAD CELL THRESHOLD
ifneq ($(strip $(KERNEL)),)
ifeq ($(strip $(VARIANT)),)
VARIANT := prebuilt
endif
export VARIANT
endif
ifneq ($(strip $(KSRC)$(KERNEL)),)
module modules initramfs boot perf quality calibrate: tree
endif

.PHONY: help all deps tree variants-ok variant-ok kernels kernel module modules user initramfs boot \
	run again pathlen calibrate perf quality compare plots results publish check check-long \
	check-bisect clean import export bisect deps-lava lava-run events events-plugin

help:
	@sed -n '/^## make targets/,/^## Where/{/^  /p;/^Variables/p}' README.md

## The main job: path lengths (icount), calibration, then the timed matrix,
## ending in graphs and the run's report (build/runs/latest/report/).
all: deps tree kernels pathlen calibrate run plots results

deps:
	@$(S)/build/deps.sh

deps-lava:
	@$(S)/build/deps.sh lava

tree:
	@$(S)/build/tree.sh

# Names are checked before the tree is extracted or anything is built;
# your own kernels' names exist only once make tree has declared them.
BYO := $(strip $(KSRC)$(KERNEL))
variants-ok:
	@[ -n "$(BYO)" ] || $(S)/build/variants.sh "$(VARIANTS)" >/dev/null

variant-ok:
	@[ -n "$(VARIANT)" ] || { echo "lockbench: error: name a variant: make $(firstword $(MAKECMDGOALS)) VARIANT=post-debug" >&2; exit 1; }
	@[ -n "$(BYO)" ] || $(S)/build/variants.sh "$(VARIANT)" >/dev/null

kernels: variants-ok tree
	@$(S)/build/kernels.sh "$(VARIANTS)"

kernel: variant-ok tree
	@$(S)/build/kernel.sh $(VARIANT)

module:
	@[ -n "$(VARIANT)" ] || { echo "lockbench: error: name a variant: make module VARIANT=post-debug" >&2; exit 1; }
	@$(S)/build/module.sh $(VARIANT)

modules:
	@vs=$$($(S)/build/variants.sh "$(VARIANTS)") && for v in $$vs; do $(S)/build/module.sh $$v || exit 1; done

user:
	@$(MAKE) -s -C bench-user all

initramfs: user
	@$(S)/build/initramfs.sh base
	@vs=$$($(S)/build/variants.sh "$(VARIANTS)") && for v in $$vs; do $(S)/build/initramfs.sh $$v || exit 1; done

## Boot one variant with a script or job file: make boot VARIANT=stock SCRIPT=x.sh
## (default: the default job list)
boot: user
	@[ -n "$(VARIANT)" ] || { echo "lockbench: error: name a variant: make boot VARIANT=stock" >&2; exit 1; }
	@$(S)/build/ensure-built.sh $(VARIANT)
	@# Without SCRIPT= or JOBFILE=, the default job list (a guest with no jobs is an error).
	@[ -n "$(SCRIPT)" ] || export JOBFILE="$${JOBFILE:-$(CURDIR)/bench-user/jobs/default.jobs}"; \
		$(S)/boot/qemu-boot.sh $(VARIANT) $${LB_BUILD:-build}/boots/$(VARIANT)-$$(date -u +%Y%m%dT%H%M%SZ)

run: tree user
	@$(S)/boot/run.sh

## Repeat a run (as kvm-again.sh): make again RUN=build/runs/ID.  Only the
## settings given on this command line override the run's own.
# (Not the environment: make itself exports BOOTS=10 and the like.)
again_set = $(foreach v,VARIANTS ACCEL VCPUS BOOTS REPEAT ORDER_SEED,$(if $(findstring command line,$(origin $(v))),$(v)=$($(v))))
again: tree user
	@env -u VARIANTS -u ACCEL -u VCPUS -u BOOTS -u REPEAT -u ORDER_SEED $(again_set) $(S)/boot/again.sh $(RUN)

## Path lengths: every hot kind on every variant under icount, 2 boots.
pathlen: tree user
	@ACCEL=icount BOOTS=$(BOOTS_ICOUNT) REPEAT=1 PERF=0 JOBFILE=$(JOBFILE) $(S)/boot/run.sh
	@$(S)/report/pathlen-table.sh build/runs/latest-icount
	@$(S)/report/pathlen-plot.sh build/runs/latest-icount

## The events instrument: a TCG plugin counting atomics, fences, loads,
## stores, lines and cache-line transfers per op (not part of make all).
events-plugin:
	@$(S)/build/events-plugin.sh

events: tree user
	@$(S)/boot/events.sh

## Both instruments against known work: make calibrate VARIANT=stock
calibrate: tree user
	@$(S)/boot/calibrate.sh $(or $(VARIANT),stock)

perf: tree user
	@[ -n "$(VARIANT)" ] && [ -n "$(JOB)" ] || { echo "lockbench: error: make perf VARIANT=variant JOB='kind=spin_lock mode=contended threads=2'" >&2; exit 1; }
	@$(S)/boot/perf.sh $(VARIANT) "$(JOB)"

## Measurement quality of the instrument: make quality VARIANT=stock
quality: user
	@[ -n "$(VARIANT)" ] || { echo "lockbench: error: name a variant: make quality VARIANT=stock" >&2; exit 1; }
	@$(S)/boot/quality.sh $(VARIANT) $(BOOTS_Q)

compare: user
	@$(S)/report/compare.sh $(RUN)

plots: compare
	@$(S)/report/plots.sh $(RUN)

results: plots
	@$(S)/report/results.sh $(RUN)

## The tracked RESULTS.md and results/ change only here.
publish: results
	@$(S)/report/publish.sh $(RUN)

## A lab machine's console log or results disk into a run directory:
## make import BUNDLE_LOG=console.log VARIANT=x [INTO=build/runs/ID]
import: user
	@[ -n "$(VARIANT)" ] && [ -n "$(BUNDLE_LOG)" ] || { echo "lockbench: error: make import BUNDLE_LOG=console.log VARIANT=x" >&2; exit 1; }
	@$(S)/lab/import.sh $(VARIANT) $(BUNDLE_LOG)

## A bundle a lab machine boots (LAVA jobs included):
## make export VARIANT=x [JOBFILE=...] [BUNDLE_URL=http://lab/...]
export: user
	@[ -n "$(VARIANT)" ] || { echo "lockbench: error: name a variant: make export VARIANT=stock" >&2; exit 1; }
	@JOBFILE=$(JOBFILE) BUNDLE_URL=$(BUNDLE_URL) $(S)/lab/export.sh $(VARIANT)

## The exported job through Debian's lava-run here (make deps-lava), imported.
lava-run: export
	@$(S)/lab/lava-run.sh $(VARIANT)

## The tests: unit tests, a real kernel build and guest boots.
check: deps
	@tests/harness/check.sh

check-long: deps deps-lava
	@LB_LONG=1 tests/harness/check.sh

check-bisect: deps
	@tests/harness/check-bisect.sh "$(VARIANTS)"

## The first commit of KSRC between GOOD and BAD where CELL's instruction
## count (ACCEL=icount) rises more than THRESHOLD: git bisect run.
bisect: user
	@$(S)/boot/bisect.sh

clean:
	rm -rf build
	@$(MAKE) -s -C bench-user clean 2>/dev/null || true
	@$(MAKE) -s -C bench-user/events clean 2>/dev/null || true
