#!/bin/sh
# Inputs truncated by another process while nx-dtype reads them: convert
# and inspect --stats of a safetensors and a .npy file, each cut short
# while the command runs. Each must exit with 2, say which file changed,
# leave no temporary file and an old output as it was.
# Usage: truncated.sh NX_DTYPE
set -u
. "$(cd "$(dirname "$0")" && pwd)/sparse.sh"
n=268435456 # float32 elements: 1 GiB, sparse on disk

# cut CASE INPUT ARGS...: runs nx-dtype ARGS, truncates INPUT while it
# runs, and checks the outcome.
cut() {
  case=$1 input=$2
  shift 2
  printf 'old\n' > old.out
  tries=0
  while :; do
    tries=$((tries + 1))
    "$nx" "$@" > /dev/null 2> err.txt &
    pid=$!
    sleep 0.2
    if kill -0 "$pid" 2>/dev/null; then
      truncate -s 100 "$input"
      wait "$pid"
      code=$?
      break
    fi
    wait "$pid"
    if [ "$tries" -ge 3 ]; then code=finished; break; fi
  done
  problems=
  [ "$code" = 2 ] || problems="$problems exit $code (expected 2);"
  grep -q "$input changed while it was read" err.txt || problems="$problems said '$(cat err.txt)';"
  left=$(find . -name '*nx-dtype-tmp*')
  [ -z "$left" ] || problems="$problems left $left;"
  [ "$(cat old.out)" = old ] || problems="$problems the old output changed;"
  if [ -z "$problems" ]; then passed=$((passed + 1))
  else echo "truncated: $case:$problems"; failed=$((failed + 1)); fi
}

make_safetensors in.safetensors
cut "convert safetensors" in.safetensors convert in.safetensors old.out --to bfloat16 --format safetensors
make_safetensors in.safetensors
cut "inspect --stats safetensors" in.safetensors inspect --stats in.safetensors
make_npy in.npy
cut "convert npy" in.npy convert in.npy old.out --to bfloat16 --format npy
make_npy in.npy
cut "inspect --stats npy" in.npy inspect --stats in.npy
make_npy in.npy
cut "quantize npy" in.npy quantize --scheme mxfp4 in.npy old.out
# The blocks of 2^28 values (a GiB of float32 dequantized).
make_npy q.elements.npy '|u1' $((1 << 27)) 1
make_npy q.scales.npy '|u1' $((1 << 23)) 1
cut "dequantize npy" q.elements.npy dequantize --scheme mxfp4 q old.out

echo "truncated: $passed passed, $failed failed"
[ "$failed" = 0 ]
