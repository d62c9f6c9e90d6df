# lockbench: what Linux lock paths cost before and after the 2.6.14
# spinlock consolidation.  `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help
# make -jN runs this make's recipes one at a time all the same: its goals
# are stages that must keep their order (args-ok's checks before any work,
# the tree before the kernels, the report after the run) and a timed stage
# must have the CPUs to itself.  What builds in parallel does so below:
# Kbuild with MAKE_JOBS= (default: the CPUs), bench-user through $(MAKE)
# with make's -jN, make check's tests J= at a time (docs/targets.md).
.NOTPARALLEL:

VARIANTS ?=
VARIANT ?=
VCPUS ?=
MEM ?= 1024
ACCEL ?= auto
BOOTS ?= 10
REPEAT ?= 3
RUN ?= build/runs/latest
BOOTS_ICOUNT ?= 2
# settings-exempt: which settings reach the scripts, not their rules
export VARIANTS VCPUS MEM ACCEL BOOTS REPEAT
# One run directory, build/runs/NAME, holds every instrument's results of
# one make: the timed records, icount/, calibrate/, native/ (docs/results.md).
# NAME= names it; by default it is the UTC time this make started.
NAME ?=
export LB_RUN_NAME := $(or $(NAME),$(shell date -u +%Y%m%dT%H%M%SZ))
RUNS_DIR := $(or $(LB_BUILD),build)/runs
# Q=1: only errors and each step's summary; VERBOSE=1: stream kernel builds.
export Q VERBOSE

S := scripts

# V= is Kbuild's verbosity (0, 1 or 2), passed to the kernel builds; the
# variant of the one-variant targets is VARIANT=.
ifneq ($(filter-out 0 1 2,$(V)),)
$(error V=$(V) is Kbuild's verbosity (0, 1, 2); name a variant with VARIANT=$(V))
endif
export V

# Your own kernels (docs/own-kernel.md): make tree (scripts/build/byo.sh)
# declares them as variants, so every target that uses a variant sets them
# up first.  A prebuilt kernel is VARIANT=prebuilt unless named.
# settings-exempt: which settings reach the scripts, not their rules
export KSRC BASE_KSRC BASE PATCHED PATCHES BASE_NAME PATCHED_NAME FRAGMENTS KERNEL KBUILD KCONFIG GOOD BAD CELL THRESHOLD
ifneq ($(strip $(KERNEL)),)
ifeq ($(strip $(VARIANT)),)
VARIANT := prebuilt
endif
export VARIANT
endif
ifneq ($(strip $(KSRC)$(KERNEL)),)
module modules initramfs boot perf quality calibrate: tree
endif

.PHONY: help args-ok cover-letter all deps tree kernels kernel module modules user initramfs boot cell-count \
	again calibrate perf quality compare plots results publish check check-long \
	check-bisect clean import export bisect deps-lava lava-run native-pathlen quick events-plugin hooks bundle

# The instruments, one make target each: the contract's rows
# (schema/lockbench_schema.h, scripts/build/instruments.sh), each
# NAME:BOOTS:ALIAS:PLACE; their targets are its name and its alias, and
# their rules are generated below from these words.
INSTRUMENTS := $(shell $(S)/build/instruments.sh make)
instrument_field = $(word $(2),$(subst :, ,$(1)))
INSTRUMENT_GOALS := $(filter-out -,$(foreach i,$(INSTRUMENTS),$(call instrument_field,$(i),1) $(call instrument_field,$(i),3)))
.PHONY: $(INSTRUMENT_GOALS)

# make help: the targets from schema/targets.tsv (scripts/build/targets.sh),
# then the settings from schema/settings.tsv (scripts/build/settings.sh).

# Every setting the goals read, and every name given, is checked before
# any work, with its fix named (scripts/build/check-args.sh), once, as
# make reads this file: a goal that is no target, a variable of this
# command line that is no setting these goals read.  A refused make runs
# no rule (not even the one that writes build/variants.mk), and says
# nothing of its own but the one line of its exit.  (make runs a $(shell)
# in its own environment, without this command line or its exports: they
# are handed over here, and in ARGS_ENV, as to the recipes, the settings
# without an exported default and VARIANT, which KERNEL= sets.)
ARGS_ENV = RUN='$(RUN)' BOOTS_ICOUNT='$(BOOTS_ICOUNT)' BOOTS_Q='$(BOOTS_Q)' JOB='$(JOB)' VARIANT='$(VARIANT)' \
	RUNS='$(RUNS)' THREADS='$(THREADS)' \
	NAME='$(NAME)' BASE_RUN='$(BASE_RUN)' PAIR='$(PAIR)' \
	LB_AGAIN_SET='$(again_set)' LB_CMDLINE_VARS='$(cmdline_vars)' \
	LB_OTHER_MAKEFILES='$(filter-out $(lastword $(MAKEFILE_LIST)),$(MAKEFILE_LIST))' \
	LB_O_SET='$(if $(findstring command line,$(origin O)),$(O))'
# The variables given on this command line.  Only at the top level: a
# make this one starts (bench-user's, a script's) inherits them, checked.
cmdline_vars := $(if $(filter 0,$(MAKELEVEL)),$(strip $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(v)))))
shell_quote = '$(subst ','\'',$(1))'
cmdline_env := $(foreach v,$(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(v))),$(call shell_quote,$(v)=$($(v))))
# (Not again when make restarts to read a build/variants.mk it made: the
# check passed.)
ifeq ($(MAKE_RESTARTS),)
args_rc := $(shell env $(cmdline_env) $(ARGS_ENV) $(S)/build/check-args.sh $(or $(MAKECMDGOALS),help) >&2; echo $$?)
endif

ifneq ($(filter-out 0,$(args_rc)),)
# Refused: the messages are out; every goal ends here, rc 2.
.DEFAULT_GOAL := args-ok
args-ok:
	@exit 2
$(filter-out args-ok,$(MAKECMDGOALS)): args-ok
	@:
else ifeq ($(DRYRUN),1)
# DRYRUN=1: the settings checked, then what the goals would build, boot
# and run (scripts/build/plan.sh), and nothing else: no rule below the
# else is read, so no goal's recipe can run.
.DEFAULT_GOAL := dryrun
dryrun:
	@$(ARGS_ENV) $(S)/build/plan.sh $(MAKECMDGOALS)
$(filter-out dryrun,$(MAKECMDGOALS)): dryrun
	@:
else

help: args-ok
	@$(S)/build/targets.sh help && echo && $(S)/build/settings.sh help

# --- The variants' files ----------------------------------------------
# Each variant's kernel image, lockbench.ko and modules archive, and the
# guest's base archive, are make's own file targets: a goal that boots or
# builds lists the files of the variants it uses (vfiles), and make alone
# decides what is stale.  The rules come from the matrix files, written
# into build/variants.mk (scripts/build/variants-mk.sh), read only by the
# goals that need them.  Inside a kernel tree Kbuild still decides.
#   The kernels of the one patched tree depend on base.config, their
#   fragments and the tree's stamp (make tree rewrites it when it
#   extracts the tree again: when patch/ or the package changed).  Files
#   edited by hand inside build/kernel/linux-source-6.1 are not seen
#   (patch/ is that tree's source): scripts/build/kernel.sh VARIANT asks
#   Kbuild directly.  Nor is a new compiler (CCACHE=, a gcc upgrade).
#   KCONFIG= asks kernel.sh again while it is given, and once more after
#   (the kernel built with it holds its KCONFIG.config).
#   Your own trees (KSRC=) are asked every time: make cannot see their
#   sources; kernel.sh and Kbuild decide.  A prebuilt KERNEL= is booted as
#   it is.
VARIANT_GOALS := all kernels kernel module modules initramfs boot again \
	calibrate perf quality export lava-run cell-count native-pathlen bundle $(INSTRUMENT_GOALS)
B := $(or $(LB_BUILD),$(CURDIR)/build)
VMCONFIGS := $(or $(LB_VMCONFIGS),$(CURDIR)/vm-configs)
TREE_STAMP := $(B)/kernel/tree.stamp
PATCH_DIR := $(or $(LB_PATCH_DIR),$(CURDIR)/patch)
MODULE_SRC := $(wildcard $(CURDIR)/bench-module/*) $(CURDIR)/schema/lockbench_schema.h
BASE_CPIO := $(B)/initramfs/base.cpio
# The variants a goal uses, vlist: VARIANTS= (else the default matrix, or
# your own kernels), parsed once, into build/variants.mk below.
vlist = $(LB_VARIANTS)
# vfiles VARIANT...: what booting them needs.
vfiles = $(foreach v,$(1),$(kernel.$(v)) $(module.$(v)) $(cpio.$(v))) $(BASE_CPIO)
# The kernels this make builds, for kernels.sh's [k/N] and time left.
klist = $(if $(filter kernel module boot perf quality export lava-run cell-count,$(MAKECMDGOALS)),$(VARIANT),$(vlist))
# The recipes (by absolute path: initramfs.sh keys its archives with its
# own name): build output goes to stderr, as every step's does.
kernel_rule = @$(CURDIR)/$(S)/build/kernels.sh $(1) '$(klist)' >&2
module_rule = @$(CURDIR)/$(S)/build/module.sh $(1) >&2 && touch $@
cpio_rule = @$(CURDIR)/$(S)/build/initramfs.sh $(1) >&2 && touch $@
kconfig_force = $(if $(strip $(KCONFIG))$(wildcard $(1)/KCONFIG.config),FORCE)
FORCE:

ifneq ($(filter $(VARIANT_GOALS),$(MAKECMDGOALS)),)
# Written once the settings are checked (as make read this file: a
# refused make writes nothing), and your own kernels (KSRC=, KERNEL=)
# declared by make tree (byo.sh).  It also holds this make's variants,
# parsed once (LB_VARIANTS, with the VARIANTS it parsed, LB_VARIANTS_OF:
# the scripts read them through lib.sh's run_variants): variants.key
# holds what decides them, and changes, and so makes variants.mk anew,
# only when that does.  (make reads its makefiles again after it made one anew.)
$(B)/variants.key: FORCE
	@mkdir -p $(@D) && key="VARIANTS=$$VARIANTS KSRC=$$KSRC KERNEL=$$KERNEL VARIANT=$$VARIANT BASE=$$BASE PATCHED=$$PATCHED PATCHES=$$PATCHES BASE_NAME=$$BASE_NAME PATCHED_NAME=$$PATCHED_NAME" && \
		{ printf '%s\n' "$$key" | cmp -s - $@ || printf '%s\n' "$$key" >$@; }
$(B)/variants.mk: $(VMCONFIGS)/matrix $(VMCONFIGS)/matrix.extra $(wildcard $(B)/user/matrix) \
		$(S)/build/variants-mk.sh $(B)/variants.key $(if $(strip $(KSRC)$(KERNEL)),tree)
	@mkdir -p $(@D) && $(S)/build/variants-mk.sh >$@.new
	@if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi
include $(B)/variants.mk
export LB_VARIANTS LB_VARIANTS_OF
endif

# The base archive: busybox, /init, the guest runner and tools, Debian's
# perf.  An upgraded package's files keep the package's build time, older
# than the archive: its dpkg file list, rewritten at each install, stands
# for it.  The tests' LB_NO_PERF= and LB_RUNNER= ask initramfs.sh again
# while they are given and once after (base.settings marks an archive
# built with them).
$(BASE_CPIO): $(wildcard /var/lib/dpkg/info/busybox-static.list /var/lib/dpkg/info/linux-perf.list) \
		$(CURDIR)/bench-user/guest/init $(wildcard $(CURDIR)/tests/guest/*.sh) \
		$(CURDIR)/schema/contract.sh $(CURDIR)/bench-user/lb-guest $(CURDIR)/bench-user/lb-validate \
		$(S)/build/initramfs.sh $(if $(LB_NO_PERF)$(LB_RUNNER)$(wildcard $(B)/initramfs/base.settings),FORCE)
	$(call cpio_rule,base)
$(CURDIR)/bench-user/lb-guest $(CURDIR)/bench-user/lb-validate:
	@$(MAKE) -s -C bench-user all
# The tree: patch/ and the source package (its dpkg file list, as above;
# or LB_SRC_TARBALL=).  tree.sh extracts again only when their contents
# changed, and only then writes the stamp.
$(TREE_STAMP): $(wildcard $(PATCH_DIR)/series $(PATCH_DIR)/*.patch \
		$(or $(LB_SRC_TARBALL),/var/lib/dpkg/info/linux-source-6.1.list))
	@$(S)/build/tree.sh

# The settings were checked as make read this file: the first
# prerequisite of every goal names that step.
args-ok:
	@:

## The main job: path lengths (icount), the native pass, calibration, then the timed matrix,
## ending in graphs and the run's report, all in one run directory
## (build/runs/NAME/report/).
all: RUN = $(RUNS_DIR)/$(LB_RUN_NAME)
all: args-ok deps tree kernels icount native calibrate timed plots results

deps: args-ok
	@$(S)/build/deps.sh

deps-lava: args-ok
	@$(S)/build/deps.sh lava

tree: args-ok
	@$(S)/build/tree.sh

kernels: args-ok tree $(foreach v,$(vlist),$(kernel.$(v)))

kernel: args-ok tree $(kernel.$(VARIANT))

module: args-ok $(module.$(VARIANT))

modules: args-ok $(foreach v,$(vlist),$(module.$(v)))

user: args-ok
	@$(MAKE) -s -C bench-user all

initramfs: args-ok user $(call vfiles,$(vlist))

## Boot one variant with a script or job file: make boot VARIANT=stock SCRIPT=x.sh
## (default: the default job list)
boot: args-ok user $(call vfiles,$(VARIANT))
	@# Without SCRIPT= or JOBFILE=, the default job list (a guest with no jobs is an error).
	@[ -n "$(SCRIPT)" ] || export JOBFILE="$${JOBFILE:-$(CURDIR)/bench-user/jobs/default.jobs}"; \
		MACHINE=$(ACCEL) $(S)/boot/qemu-boot.sh $(VARIANT) $${LB_BUILD:-build}/boots/$(VARIANT)-$$(date -u +%Y%m%dT%H%M%SZ)

# --- The instruments ---------------------------------------------------
# One target each, its name, with its alias (make run is make timed, make
# pathlen make icount), generated from the contract's rows: it runs its
# place's run.sh.  One that boots a guest builds the variants' kernels,
# modules and initramfs first (make decides what is stale); one that
# boots none (native: it needs the kernels built) only the tools.
define instrument_rule # NAME BOOTS ALIAS PLACE
$(1): args-ok $(if $(filter 1,$(2)),tree user $$(call vfiles,$$(vlist)),user)
	@$(4)/run.sh
$(if $(filter-out -,$(3)),$(3): $(1))
endef
$(foreach i,$(INSTRUMENTS),$(eval $(call instrument_rule,$(call instrument_field,$(i),1),$(call instrument_field,$(i),2),$(call instrument_field,$(i),3),$(call instrument_field,$(i),4))))

## Repeat a run (as kvm-again.sh): make again RUN=build/runs/ID.  Only the
## settings given on this command line override the run's own.
# (Not the environment: make itself exports BOOTS=10 and the like.)
# settings-exempt: what a run's run.info records, not the settings' rules
again_set = $(foreach v,VARIANTS ACCEL VCPUS BOOTS REPEAT ORDER_SEED,$(if $(findstring command line,$(origin $(v))),$(v)=$($(v))))
# The variants it repeats: its run.info's, unless VARIANTS= is given here.
again_variants = $(if $(findstring command line,$(origin VARIANTS)),$(vlist),$(shell sed -n 's/^variants=//p' '$(RUN)/run.info' 2>/dev/null))
again: args-ok tree user $(call vfiles,$(again_variants))
	@env -u VARIANTS -u ACCEL -u VCPUS -u BOOTS -u REPEAT -u ORDER_SEED $(again_set) $(S)/timed/again.sh $(RUN)

## The events instrument's TCG plugin (make events builds it on the way).
events-plugin: args-ok
	@$(S)/events/plugin.sh

## The same lock code's path lengths counted in user space (callgrind),
## beside icount's guest counts: scripts/native/pathlen-user.sh.
native-pathlen: args-ok user
	@$(S)/native/pathlen-user.sh

## The patch author's loop: only the lock objects of each tree, measured
## natively and counted in user space (scripts/quick/quick.sh).  O= is
## passed only from the command line (the environment may hold another
## build's).
quick: args-ok user
	@QUICK_O='$(if $(findstring command line,$(origin O)),$(O))' $(S)/quick/quick.sh

## Every instrument against known work: make calibrate VARIANT=stock
calibrate: args-ok tree user $(call vfiles,$(or $(VARIANT),stock))
	@$(S)/calibrate/run.sh $(or $(VARIANT),stock)

perf: args-ok tree user $(call vfiles,$(VARIANT))
	@MACHINE=$(ACCEL) $(S)/boot/perf.sh $(VARIANT) "$(JOB)"

## Measurement quality of the instrument: make quality VARIANT=stock
quality: args-ok user $(call vfiles,$(VARIANT))
	@$(S)/timed/quality.sh $(VARIANT) $(BOOTS_Q)

## make compare BASE_RUN=build/runs/A RUN=build/runs/B: the same variants in
## two runs, each B variant against its A self (scripts/report/compare-runs.sh).
compare: args-ok user
	@if [ -n "$(BASE_RUN)" ]; then $(S)/report/compare-runs.sh $(BASE_RUN) $(RUN); else $(S)/report/compare.sh $(RUN); fi

plots: compare
	@$(S)/report/plots.sh $(RUN)

results: plots
	@$(S)/report/results.sh $(RUN)

## A run's result as a patch's cover letter (72 columns, to paste under ---):
## make cover-letter RUN=B [BASE_RUN=A] [PAIR=base:other].  The script
## checks PAIR against the run, then runs compare itself.
cover-letter: args-ok user
	@PAIR=$(PAIR) $(S)/report/cover-letter.sh $(RUN) $(BASE_RUN)

## The tracked RESULTS.md and results/ change only here.
publish: results
	@$(S)/report/publish.sh $(RUN)

## A lab machine's console log or results disk into a run directory:
## make import BUNDLE_LOG=console.log VARIANT=x [INTO=build/runs/ID];
## a native bundle's results: make import BUNDLE_RESULTS=dir [NAME=...]
import: args-ok user
	@if [ -n "$(BUNDLE_RESULTS)" ]; then $(S)/lab/import-native.sh "$(BUNDLE_RESULTS)"; \
	else $(S)/lab/import.sh $(VARIANT) $(BUNDLE_LOG); fi

## The native bundle (scripts/lab/bundle.sh): make bundle [VARIANTS=...] [JOBFILE=...]
bundle: args-ok user
	@JOBFILE=$(JOBFILE) $(S)/lab/bundle.sh

## A bundle a lab machine boots (LAVA jobs included):
## make export VARIANT=x [JOBFILE=...] [BUNDLE_URL=http://lab/...]
export: args-ok user $(call vfiles,$(VARIANT))
	@JOBFILE=$(JOBFILE) BUNDLE_URL=$(BUNDLE_URL) $(S)/lab/export.sh $(VARIANT)

## The exported job through Debian's lava-run here (make deps-lava), imported.
lava-run: export
	@$(S)/lab/lava-run.sh $(VARIANT)

## The tests: unit tests, a real kernel build and guest boots.
check: deps
	@tests/harness/check.sh

check-long: deps deps-lava
	@LB_LONG=1 tests/harness/check.sh

check-bisect: args-ok deps
	@tests/harness/check-bisect.sh "$(VARIANTS)"

## One hot cell's instruction count on VARIANT as its tree stands, built
## first: each step of make bisect (scripts/icount/bisect-measure.sh).
cell-count: args-ok user $(call vfiles,$(VARIANT))
	@$(S)/icount/cell-count.sh $(VARIANT) "$(CELL)"

## The first commit of KSRC between GOOD and BAD where CELL's instruction
## count (make icount's) rises more than THRESHOLD: git bisect run.
bisect: args-ok user
	@$(S)/icount/bisect.sh

## git runs scripts/git/commit-msg on every commit (docs/commits.md).
hooks: args-ok
	@$(S)/git/install.sh

clean: args-ok
	rm -rf build
	@$(MAKE) -s -C bench-user clean 2>/dev/null || true
	@$(MAKE) -s -C bench-user/events clean 2>/dev/null || true

endif # DRYRUN
