#!/bin/sh
# Runs inside the guest: proves a command ran there and its output came
# back over the results disk.
echo "hello from $(uname -r) on $(nproc) cpus"
grep -o 'lb\.[a-z_]*=[^ ]*' /proc/cmdline
