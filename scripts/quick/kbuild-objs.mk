# kbuild-objs.mk: the objects one directory's Kbuild Makefile builds in
# with a configuration, as Kbuild itself reads them.  make quick builds
# no built-in.a to ask (scripts/native/common.sh does that of a whole
# kernel), so it evaluates the directory's own Makefile over the
# configuration's auto.conf: obj-$(CONFIG_DEBUG_SPINLOCK) += ... is
# decided by the same lines Kbuild reads, not by a copy of their logic
# that a patched or newer tree could outgrow.  (Kbuild's single-target
# build is no test: it compiles any object named, in the configuration
# or not.)
#   make -s -f kbuild-objs.mk AUTOCONF=O/include/config/auto.conf TREE=SRC DIR=kernel/locking
# prints obj-y and lib-y, space-separated.
.DEFAULT_GOAL := lb-print-objs
include $(AUTOCONF)
srctree := $(TREE)
obj := $(DIR)
src := $(DIR)
include $(TREE)/$(DIR)/Makefile
lb-print-objs:
	@echo $(obj-y) $(lib-y)
