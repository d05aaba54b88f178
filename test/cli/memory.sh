#!/bin/sh
# The .npy block modes stream: quantize and dequantize of 256 MiB of
# float32 values (random bits: every class of value) each stay within
# BOUND of resident memory (GNU time's maximum resident set size), where
# holding the input alone would take 256 MiB.
# Usage: memory.sh NX_DTYPE
set -u
nx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
bound_kb=65536
if ! /usr/bin/time -f %M true 2>/dev/null; then
  echo "memory: skipped (no GNU time at /usr/bin/time to measure resident memory)"
  exit 0
fi
top=$(mktemp -d)
trap 'rm -rf "$top"' EXIT
cd "$top" || exit 1
passed=0
failed=0

check() { # CASE ARGS...
  case=$1
  shift
  if /usr/bin/time -o rss.txt -f %M "$nx" "$@" > out.txt 2>&1; then
    kb=$(tail -n 1 rss.txt)
    echo "memory: $case: $kb kB" >> sizes.txt
    if [ "$kb" -le "$bound_kb" ]; then passed=$((passed + 1))
    else echo "memory: $case: $kb kB resident, over $bound_kb"; failed=$((failed + 1)); fi
  else
    echo "memory: $case failed: $(cat out.txt)"; failed=$((failed + 1))
  fi
}

head -c 268435456 /dev/urandom > in.f32
"$nx" convert --from float32 in.f32 in.npy 2>/dev/null || exit 1
rm in.f32
for s in mxfp4 nvfp4 mxfp8_e4m3; do
  check "quantize $s" quantize --scheme "$s" in.npy q
  check "dequantize $s" dequantize --scheme "$s" q back.npy
  rm -f q.* back.npy
done
check "quantize ggml_q8_0" quantize --scheme ggml_q8_0 in.npy q
check "dequantize ggml_q8_0 to float64" dequantize --scheme ggml_q8_0 --to float64 q back.npy

cat sizes.txt
echo "memory: $passed passed, $failed failed"
[ "$failed" = 0 ]
