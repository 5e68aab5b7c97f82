#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "ensure-chromium: /usr/bin/chromium is missing; install Debian's chromium package (needs root)"; exit 1; fi
echo "ensure-chromium: installing Debian's chromium"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
