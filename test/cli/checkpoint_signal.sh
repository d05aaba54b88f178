#!/bin/sh
# A checkpoint directory, or a GGUF model in shards, being written when
# SIGTERM or SIGINT ends the command: no temporary shard is left, and
# the GGUF shards are none or a whole model. (A background job ignores
# SIGINT, and so does the command then: it writes the whole model.)
# Usage: checkpoint_signal.sh NX_DTYPE
set -u
. "$(cd "$(dirname "$0")" && pwd)/sparse.sh"
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
# Two float32 tensors of 256 MiB each, split one a shard.
m=67108864
h=$(pad "{\"a\":{\"dtype\":\"F32\",\"shape\":[$m],\"data_offsets\":[0,$((4 * m))]},\"b\":{\"dtype\":\"F32\",\"shape\":[$m],\"data_offsets\":[$((4 * m)),$((8 * m))]}}" 8 0)
l=${#h}
{ byte $((l & 255)); byte $((l >> 8 & 255)); printf '\0\0\0\0\0\0%s' "$h"; } > two.safetensors
truncate -s $((8 + l + 8 * m)) two.safetensors
for sig in TERM INT; do
  rm -rf g && mkdir g
  tries=0
  while :; do
    tries=$((tries + 1))
    "$nx" convert --split-max-tensors 1 two.safetensors g/m.gguf 2> /dev/null &
    pid=$!
    sleep 0.3
    if kill -0 "$pid" 2> /dev/null; then
      kill -"$sig" "$pid"
      wait "$pid"
      break
    fi
    wait "$pid"
    rm -f g/*
    if [ "$tries" -ge 3 ]; then break; fi
  done
  left=$(find g -name '*tmp*')
  if [ -n "$(ls -A g)" ] && ! "$nx" inspect g/m-00002-of-00002.gguf > /dev/null; then
    left="$left a part of a model: $(ls -A g)"
  fi
  if [ -z "$left" ]; then passed=$((passed + 1))
  else echo "checkpoint_signal: GGUF split, SIG$sig left $left"; failed=$((failed + 1)); fi
done
echo "checkpoint_signal: $passed passed, $failed failed"
[ "$failed" = 0 ]
