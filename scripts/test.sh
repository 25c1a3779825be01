#!/usr/bin/env bash
# The one command that installs what the tests need and runs them all (README quick start).
# Installs the Debian packages the tests run when missing: Chromium and its headless shell (the
# end-to-end tests drive the shell through playwright-core; Lighthouse and a bench, the browser),
# libxml2-utils (xmllint validates the OAI-PMH answers) and hunspell-id (the stemmer's root list
# must be what LibreOffice's Indonesian dictionary gives).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
[ -f /usr/share/hunspell/id_ID.dic ] || missing+=(hunspell-id)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing from Debian's packages: ${missing[*]}..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The lockfile pins everything (resolved with Node 22); `npm ci` is fine under the system Node.
npm ci --no-audit --no-fund
npm test
