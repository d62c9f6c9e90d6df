#!/usr/bin/python3
# lava-device.py TEMPLATES JOB.yaml: print the device configuration that
# lava-run needs to run JOB on this machine's QEMU: LAVA's own qemu
# device-type template (TEMPLATES/qemu.jinja2, from Debian's lava-server)
# rendered as lava-server would for a device dictionary of
#   {% extends 'qemu.jinja2' %} {% set netdevice = 'user' %}
# with the job's context (arch, memory, no_kvm, extra_options) on top.
# lava-run takes the rendered file; the server is what normally renders
# it.  Debian's python3-jinja2 and python3-yaml: run with /usr/bin/python3.
import sys

import jinja2
import yaml

if len(sys.argv) != 3:
    sys.exit("usage: lava-device.py TEMPLATES JOB.yaml")
templates, job_file = sys.argv[1], sys.argv[2]
try:
    with open(job_file, encoding="utf-8") as f:
        job = yaml.safe_load(f)
except (OSError, yaml.YAMLError) as e:
    sys.exit(f"lava-device: {job_file}: not a LAVA job: {e}")
if not isinstance(job, dict) or job.get("device_type") != "qemu":
    sys.exit(f"lava-device: {job_file}: not a job for device type qemu")

env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates),
                         trim_blocks=True, autoescape=False)
try:
    template = env.from_string("{% extends 'qemu.jinja2' %}")
except jinja2.TemplateNotFound as e:
    sys.exit(f"lava-device: {templates}: no device-type template {e}")
values = {"netdevice": "user"}
values.update(job.get("context") or {})
try:
    text = template.render(**values)
    yaml.safe_load(text)
except (jinja2.TemplateError, yaml.YAMLError) as e:
    sys.exit(f"lava-device: rendering qemu.jinja2 failed: {e}")
sys.stdout.write(text)
