#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium: the full browser (/usr/bin/chromium, for the tests that
# load the extension or a fake camera) and its headless shell (/usr/bin/chromium-headless-shell,
# the browser the other tests share: tests/e2e/support.ts says why). Installs what is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "ensure-chromium: /usr/bin/chromium or /usr/bin/chromium-headless-shell is missing; install Debian's chromium and chromium-headless-shell packages (needs root)"; exit 1; fi
echo "ensure-chromium: installing Debian's chromium and chromium-headless-shell"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium chromium-headless-shell fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
/usr/bin/chromium-headless-shell --version
