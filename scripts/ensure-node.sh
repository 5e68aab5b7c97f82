#!/usr/bin/env bash
# Puts Node 24 from the npm registry in .tools/node when the system Node is older than 22.12.
# The Makefile puts .tools/node/bin first on PATH, so npm and every script then run on it.
set -euo pipefail
NODE_VERSION=24.21.0
here=$(cd "$(dirname "$0")/.." && pwd)
dest="$here/.tools/node"

if [ -x "$dest/bin/node" ] && [ "$("$dest/bin/node" -v)" = "v$NODE_VERSION" ]; then exit 0; fi
if command -v node >/dev/null 2>&1; then
  if node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'; then exit 0; fi
fi

case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch=$(uname -m) ;; esac
os=$(uname -s | tr '[:upper:]' '[:lower:]')
echo "ensure-node: system Node is older than 22.12; fetching node-$os-$arch@$NODE_VERSION from the npm registry"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "node-$os-$arch@$NODE_VERSION" >/dev/null)
rm -rf "$dest" && mkdir -p "$dest"
tar xzf "$tmp"/node-*.tgz -C "$dest" --strip-components=1
"$dest/bin/node" -v
