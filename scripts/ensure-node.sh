#!/usr/bin/env bash
# Sourced by the README's two commands and .ci/run (`. scripts/ensure-node.sh`): makes the Node line named in .nvmrc the first `node` on PATH.
# When the machine's Node is older, that line's current release is installed from the npm
# registry (the `node` package carries the real binary for this platform) into a cache
# outside the repository, once; npm and every script and test process then run on it.
# Node's release schedule: https://github.com/nodejs/Release/blob/main/schedule.json
# Sourced from the repository root (the README's commands and .ci/run run there); plain POSIX sh, so `.` works in any shell.
ROOT="$(pwd)"
wanted="$(tr -d ' \n' < "$ROOT/.nvmrc")"
current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$current" -lt "$wanted" ]; then
  cache="${LIFTARENA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/liftarena/node-$wanted}"
  if [ ! -x "$cache/node_modules/node/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo '(none)') is older than the project's line $wanted (.nvmrc): installing node@$wanted from the npm registry into $cache…"
    mkdir -p "$cache"
    npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error "node@$wanted" >/dev/null
  fi
  export PATH="$cache/node_modules/node/bin:$PATH"
fi
echo "Node $(node --version) ($(command -v node))"
