#!/bin/sh
# A checkpoint directory being written when SIGTERM or SIGINT ends the
# command: no temporary shard is left in it.
# Usage: checkpoint_signal.sh NX_DTYPE
set -u
nx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(cd "$(dirname "$0")" && pwd)/sparse.sh"
top=$(mktemp -d)
trap 'rm -rf "$top"' EXIT
cd "$top" || exit 1
passed=0
failed=0
n=134217728 # float32 elements: 512 MiB, sparse on disk
make_safetensors in.safetensors
for sig in TERM INT; do
  rm -rf out
  tries=0
  while :; do
    tries=$((tries + 1))
    "$nx" convert --to bfloat16 --max-shard-size 100MB in.safetensors out/ 2> /dev/null &
    pid=$!
    sleep 0.3
    if kill -0 "$pid" 2> /dev/null; then
      kill -"$sig" "$pid"
      wait "$pid"
      break
    fi
    wait "$pid"
    if [ "$tries" -ge 3 ]; then break; fi
  done
  left=$(find out -name '*tmp*' 2> /dev/null)
  if [ -z "$left" ]; then passed=$((passed + 1))
  else echo "checkpoint_signal: SIG$sig left $left"; failed=$((failed + 1)); fi
done
echo "checkpoint_signal: $passed passed, $failed failed"
[ "$failed" = 0 ]
