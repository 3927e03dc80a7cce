#!/usr/bin/env bash
# npm runs this before `npm test` (pretest): the integration tests start their own servers and browser,
# and this installs the missing ones when the machine can install Debian packages (root, or sudo without
# a password): redis-server (Redis chat memory, two order-desk instances), chromium (the order desk's
# page, driven by playwright-core) and a CJK font (so its screenshots show the Chinese text). Elsewhere
# it says what to install; the tests that need them then fail with the same hint.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
if ! { command -v fc-list >/dev/null 2>&1 && fc-list :lang=zh | grep -q .; }; then missing+=(fonts-wqy-zenhei); fi
[ "${#missing[@]}" -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
  elif sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    SUDO=(none)
  fi
  if [ "${SUDO[0]:-}" != none ]; then
    echo "pretest: installing ${missing[*]} (the integration tests start their own, on 127.0.0.1)" >&2
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -qq
    "${SUDO[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
    exit 0
  fi
fi

echo "pretest: ${missing[*]} not installed and cannot be installed here; the tests that need them will" \
  "fail. Install them (apt-get install -y ${missing[*]}; on macOS brew install redis and set CHROMIUM_PATH)" \
  "and run npm test again." >&2
