#!/bin/sh
# The progress line of convert and of dequantize of a model directory,
# on inputs of more than 64 MiB (sparse on disk): on the standard error,
# "\rLABEL: PCT% (DONE of TOTAL MB)" rising to 100% and ended by a
# newline; a standard error that is full or closed costs nothing (exit 0,
# the output whole); an error after the line starts on a line of its own;
# an input of 64 MiB or less shows no line.
# Usage: progress.sh NX_DTYPE
set -u
. "$(cd "$(dirname "$0")" && pwd)/sparse.sh"
ok() { passed=$((passed + 1)); }
fail() { echo "progress: $1"; failed=$((failed + 1)); }

# An fp8 model: a 9216 x 9216 F8_E4M3 weight (81 MiB) and its 72 x 72
# F32 scales; 170 MB once in bfloat16.
mkdir in
k=9216
w=$((k * k))
h=$(pad "{\"l.weight\":{\"dtype\":\"F8_E4M3\",\"shape\":[$k,$k],\"data_offsets\":[0,$w]},\"l.weight_scale_inv\":{\"dtype\":\"F32\",\"shape\":[72,72],\"data_offsets\":[$w,$((w + 20736))]}}" 8 0)
l=${#h}
{ byte $((l & 255)); byte $((l >> 8 & 255)); printf '\0\0\0\0\0\0%s' "$h"; } > in/model.safetensors
truncate -s $((8 + l + w + 20736)) in/model.safetensors
printf '{"quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]}}\n' > in/config.json
# A float32 safetensors file of 20 Mi elements (80 MiB) for convert.
n=20971520
make_safetensors big.safetensors

# The line's updates: the text between carriage returns, one a line.
updates() { tr '\r' '\n' < "$1" | sed '/^$/d'; }

line() { # CASE LABEL TOTAL ERR: the updates of LABEL rise to 100% of TOTAL, then a newline
  last=$(updates "$4" | tail -n 1)
  if [ "$last" != "$2: 100% ($3 of $3 MB)" ]; then fail "$1: last update '$last'"; return; fi
  if [ "$(tail -c 1 "$4" | od -An -c | tr -d ' ')" != '\n' ]; then fail "$1: no newline at the end"; return; fi
  bad=$(updates "$4" | grep -v "^$2: *[0-9]*% ([0-9]* of $3 MB)$")
  if [ -n "$bad" ]; then fail "$1: not an update: $bad"; return; fi
  pcts=$(updates "$4" | sed 's/^[^:]*: *\([0-9]*\)%.*/\1/' | tr '\n' ' ')
  if [ "$(echo $pcts | tr ' ' '\n' | sort -n | tr '\n' ' ')" != "$(echo $pcts | tr ' ' '\n' | tr '\n' ' ')" ]; then
    fail "$1: the percentages do not rise: $pcts"; return
  fi
  ok
}

whole_model() { # CASE
  if [ -e out/config.json ] && [ -e out/model.safetensors ] && [ "$(wc -c < out/model.safetensors)" -gt $((2 * w)) ]
  then ok; else fail "$1: the model is not whole: $(ls out 2>&1)"; fi
}

# To a file.
"$nx" dequantize --to bfloat16 in out 2> err
rc=$?
if [ "$rc" = 0 ]; then ok; else fail "dequantize: exit $rc: $(cat err)"; fi
line dequantize dequantize 170 err
whole_model dequantize
"$nx" convert --to bfloat16 big.safetensors big.bf16.safetensors 2> err
rc=$?
if [ "$rc" = 0 ]; then ok; else fail "convert: exit $rc: $(cat err)"; fi
line convert convert 84 err

# A full standard error, then a closed one: the work is done all the same.
for how in full closed; do
  rm -rf out
  if [ "$how" = full ]; then "$nx" dequantize --to bfloat16 in out 2> /dev/full > stdout
  else "$nx" dequantize --to bfloat16 in out 2>&- > stdout; fi
  rc=$?
  if [ "$rc" = 0 ] && [ ! -s stdout ]; then ok; else fail "dequantize, stderr $how: exit $rc, stdout $(wc -c < stdout) bytes"; fi
  whole_model "dequantize, stderr $how"
done

# An error once the line has started: the message on a line of its own,
# the last one.
rm -rf out
( ulimit -f 65536; "$nx" dequantize --to bfloat16 in out 2> err )
rc=$?
msg=$(tr '\r' '\n' < err | tail -n 1)
case $msg in
  nx-dtype:*"File too large"*) if [ "$rc" = 2 ]; then ok; else fail "ulimit -f: exit $rc"; fi ;;
  *) fail "ulimit -f: the last line is '$msg'" ;;
esac
if grep -q "dequantize: " err && [ "$(tr '\r' '\n' < err | grep -c '^nx-dtype:')" = 1 ]; then ok
else fail "ulimit -f: no progress line before the error, or the error after it on its line: $(od -c err | tail -n 3)"; fi

# 64 MiB or less: no line.
rm -rf out small
mkdir small
cp in/config.json small/
k=4096
w=$((k * k))
h=$(pad "{\"l.weight\":{\"dtype\":\"F8_E4M3\",\"shape\":[$k,$k],\"data_offsets\":[0,$w]},\"l.weight_scale_inv\":{\"dtype\":\"F32\",\"shape\":[32,32],\"data_offsets\":[$w,$((w + 4096))]}}" 8 0)
l=${#h}
{ byte $((l & 255)); byte $((l >> 8 & 255)); printf '\0\0\0\0\0\0%s' "$h"; } > small/model.safetensors
truncate -s $((8 + l + w + 4096)) small/model.safetensors
"$nx" dequantize --to bfloat16 small out 2> err
rc=$?
if [ "$rc" = 0 ] && [ ! -s err ]; then ok; else fail "small: exit $rc, stderr: $(cat err)"; fi

echo "progress: $passed passed, $failed failed"
[ "$failed" = 0 ]
