#!/usr/bin/env bash
# npm runs this before `npm test` (pretest): the integration tests start their own servers, and this
# installs the missing ones when the machine can install Debian packages (root, or sudo without a
# password). Elsewhere it says what to install; the tests that need the server then fail with the same hint.
set -euo pipefail

command -v redis-server >/dev/null 2>&1 && exit 0

if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
  elif sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    SUDO=(none)
  fi
  if [ "${SUDO[0]:-}" != none ]; then
    echo "pretest: installing redis-server (the Redis chat memory tests start their own, on 127.0.0.1)" >&2
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -qq
    "${SUDO[@]}" apt-get install -y -qq redis-server >/dev/null
    exit 0
  fi
fi

echo "pretest: redis-server is not installed and cannot be installed here; the Redis chat memory tests" \
  "will fail. Install it (apt-get install -y redis-server, or brew install redis) and run npm test again." >&2
