#!/usr/bin/env bash
# Runs before `npm start` (package.json "prestart"): the server needs ffmpeg and ffprobe
# (system binaries, or FFMPEG_PATH/FFPROBE_PATH). On a Debian/Ubuntu machine where we are
# root, a missing ffmpeg is installed from Debian's packages, so the README's one command
# sets up a fresh machine; elsewhere the server stops at start and says how to install it.
set -euo pipefail
if [ -n "${FFMPEG_PATH:-}" ] && [ -n "${FFPROBE_PATH:-}" ]; then exit 0; fi
if command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ffmpeg (Debian's package; the videos are transcoded with it)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
fi
