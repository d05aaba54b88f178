#!/bin/sh
# A model directory being dequantized when SIGTERM or SIGINT ends the
# command, or when a write fails (ulimit -f): no temporary file is left
# in it, and no config.json, the file that makes it a model. (A shell
# without job control starts background commands with SIGINT ignored:
# one that so runs to its end must leave the whole model.)
# Usage: dequantize_signal.sh NX_DTYPE
set -u
. "$(cd "$(dirname "$0")" && pwd)/sparse.sh"
# An fp8 model: a 16384 x 16384 F8_E4M3 weight (256 MiB, sparse on disk)
# and its 128 x 128 F32 scales; dequantized into bfloat16, a shard of 512 MiB.
mkdir in
k=16384
w=$((k * k))
h=$(pad "{\"l.weight\":{\"dtype\":\"F8_E4M3\",\"shape\":[$k,$k],\"data_offsets\":[0,$w]},\"l.weight_scale_inv\":{\"dtype\":\"F32\",\"shape\":[128,128],\"data_offsets\":[$w,$((w + 65536))]}}" 8 0)
l=${#h}
{ byte $((l & 255)); byte $((l >> 8 & 255)); printf '\0\0\0\0\0\0%s' "$h"; } > in/model.safetensors
truncate -s $((8 + l + w + 65536)) in/model.safetensors
printf '{"quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]}}\n' > in/config.json
verdict() { # WHAT RC
  left=$(find out -name '*tmp*' 2> /dev/null)
  if [ "$2" = 0 ]; then whole=yes; else whole=no; fi
  if [ -e out/config.json ] && [ -e out/model.safetensors ]; then model=yes
  elif [ -e out/config.json ]; then model=half; else model=no; fi
  if [ -z "$left" ] && [ "$model" = "$whole" ]; then passed=$((passed + 1))
  else echo "dequantize_signal: $1 left $left $(ls out 2> /dev/null)"; failed=$((failed + 1)); fi
}
for sig in TERM INT; do
  rm -rf out
  tries=0
  while :; do
    tries=$((tries + 1))
    "$nx" dequantize --to bfloat16 --max-shard-size 100MB in out 2> /dev/null &
    pid=$!
    sleep 0.3
    if kill -0 "$pid" 2> /dev/null; then
      kill -"$sig" "$pid"
      wait "$pid"
      rc=$?
      break
    fi
    wait "$pid"
    rc=$?
    if [ "$tries" -ge 3 ]; then break; fi
  done
  verdict "SIG$sig" "$rc"
done
rm -rf out
mkdir out
( ulimit -f 4096; "$nx" dequantize --to float32 --max-shard-size 1MB in out 2> err )
rc=$?
if [ "$rc" = 2 ] && grep -q "out" err; then :; else echo "dequantize_signal: ulimit -f: $(cat err)"; failed=$((failed + 1)); fi
verdict "ulimit -f" "$rc"
echo "dequantize_signal: $passed passed, $failed failed"
[ "$failed" = 0 ]
