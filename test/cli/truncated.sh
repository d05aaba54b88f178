#!/bin/sh
# Inputs truncated by another process while nx-dtype reads them: convert
# and inspect --stats of a safetensors and a .npy file, each cut short
# while the command runs. Each must exit with 2, say which file changed,
# leave no temporary file and an old output as it was.
# Usage: truncated.sh NX_DTYPE
set -u
. "$(cd "$(dirname "$0")" && pwd)/sparse.sh"
n=268435456 # float32 elements: 1 GiB, sparse on disk

# cut CASE MAKE INPUT ARGS...: makes INPUT by running MAKE, runs nx-dtype
# ARGS, truncates INPUT while it runs, and checks the outcome. A run that
# ends before the cut, or that read all of INPUT before it and exits 0
# with its output written, proves nothing either way: it is tried again,
# on a new INPUT, up to five times.
cut() {
  case=$1 make=$2 input=$3
  shift 3
  tries=0
  while :; do
    tries=$((tries + 1))
    printf 'old\n' > old.out
    $make "$input"
    "$nx" "$@" > /dev/null 2> err.txt &
    pid=$!
    sleep 0.2
    if kill -0 "$pid" 2>/dev/null; then truncate -s 100 "$input"; fi
    wait "$pid"
    code=$?
    [ "$code" = 0 ] && [ "$tries" -lt 5 ] || break
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

cut "convert safetensors" make_safetensors in.safetensors \
  convert in.safetensors old.out --to bfloat16 --format safetensors
cut "inspect --stats safetensors" make_safetensors in.safetensors inspect --stats in.safetensors
cut "convert npy" make_npy in.npy convert in.npy old.out --to bfloat16 --format npy
cut "inspect --stats npy" make_npy in.npy inspect --stats in.npy
cut "quantize npy" make_npy in.npy quantize --scheme mxfp4 in.npy old.out
# The blocks of 2^28 values (a GiB of float32 dequantized).
make_elements() {
  make_npy q.scales.npy '|u1' $((1 << 23)) 1
  make_npy "$1" '|u1' $((1 << 27)) 1
}
cut "dequantize npy" make_elements q.elements.npy dequantize --scheme mxfp4 q old.out

echo "truncated: $passed passed, $failed failed"
[ "$failed" = 0 ]
