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
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
[ -f /usr/share/hunspell/id_ID.dic ] || missing+=(hunspell-id)
# Wanted but not required: without it the e2e tests drive /usr/bin/chromium, only slower.
faster=()
[ -x /usr/bin/chromium-headless-shell ] || faster+=(chromium-headless-shell)
if [ "${#missing[@]}" -gt 0 ] || [ "${#faster[@]}" -gt 0 ]; then
  echo "Installing from Debian's packages: ${missing[*]} ${faster[*]}..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  if [ "${#missing[@]}" -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if [ "${#faster[@]}" -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${faster[@]}" >/dev/null ||
      echo "chromium-headless-shell could not be installed: the e2e tests use /usr/bin/chromium (slower)."
  fi
fi

# The lockfile pins everything (resolved with Node 22); `npm ci` is fine under the system Node.
npm ci --no-audit --no-fund
npm test
