#!/usr/bin/env bash
# The one command that installs what the tests need and runs them all (README quick start).
# Installs Debian's Chromium when missing (end-to-end tests drive it through playwright-core).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium from Debian's packages..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# The lockfile pins everything (resolved with Node 22); `npm ci` is fine under the system Node.
npm ci --no-audit --no-fund
npm test
