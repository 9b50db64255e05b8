#!/usr/bin/env bash
# The static checks of `npm test`: ESLint, `prettier --check` and the four type checks of
# `npm run typecheck`, every one of them, in two lanes at once (each check is one single-threaded
# process: one after another they left a core of a 2-core CI machine idle for ~3 minutes).
# Lane one: ESLint (the longest: it builds the type-aware program), then Prettier; lane two: the
# four type checks. Each check's output is printed when it ends; the script fails when any fails.
set -uo pipefail
cd "$(dirname "$0")/.."

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Runs the checks given one after another, each to its own log; records each failure.
lane() {
  local name=$1
  shift
  for check in "$@"; do
    local started=$SECONDS
    if npx --no-install $check >"$out/$name.log" 2>&1; then
      echo "✓ $check ($((SECONDS - started)) s)"
    else
      echo "✗ $check ($((SECONDS - started)) s)"
      touch "$out/failed"
    fi
    cat "$out/$name.log"
  done
}

lane lint 'eslint .' 'prettier --check .' &
lint=$!
lane types 'tsc -p .' 'tsc -p tsconfig.harness.json' 'tsc -p web' 'tsc -p web/tsconfig.test.json' &
types=$!
wait "$lint" "$types"

if [ -e "$out/failed" ]; then
  echo 'Static checks failed (see ✗ above).' >&2
  exit 1
fi
