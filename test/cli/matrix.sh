#!/bin/sh
# Every command of nx-dtype over every format and dtype: for each dtype, a
# .npy, a .npz and a .safetensors file of it (those the format can hold,
# written by nx-dtype from raw bytes), and each subcommand that reads a
# file run on each. A run succeeds (exit 0) or refuses (exit 2, a
# message "nx-dtype: ..."), never an internal error, a signal or a hang;
# inspect, with and without --stats, succeeds on every file, a row for
# each tensor. Usage: matrix.sh NX_DTYPE
set -u
nx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
cd "$w" || exit 1
passed=0
failed=0

fail() {
  echo "matrix: $case: $*"
  failed=$((failed + 1))
}

# run CASE WANT ARGS...: nx-dtype ARGS exits with 0 or 2 (WANT=any), or
# with 0 (WANT=ok); a refusal is a message, never an internal error.
run() {
  case=$1 want=$2
  shift 2
  timeout 60 "$nx" "$@" > out 2> err < /dev/null
  code=$?
  problems=
  case $want,$code in
    any,0 | any,2 | ok,0) ;;
    *) problems="exit code $code" ;;
  esac
  if grep -q 'internal error' err; then problems="$problems; $(head -1 err)"; fi
  # The library's function names are not the tool's words.
  if grep -q 'Nx_array\.' err; then problems="$problems; names the library: $(head -1 err)"; fi
  if [ "$code" = 2 ] && ! grep -q '^nx-dtype: ' err; then
    problems="$problems; exit 2 without a message"
  fi
  if [ -n "$problems" ]; then fail "$problems (nx-dtype $*: $(head -1 err))"
  else passed=$((passed + 1)); fi
}

# 1024 bytes: whole elements of every dtype, and float32 rows of 256
# values (a multiple of every block).
head -c 1024 /dev/urandom > raw.bin
# Two-dimensional tensors too, for the safetensors block modes.
dtypes=$("$nx" | awk 'NR > 1 { print $2 }')
[ -n "$dtypes" ] || { echo "matrix: no dtype in the facts table"; exit 1; }
schemes="mxfp8_e4m3 mxfp4 nvfp4 ggml_q8_0"
made=0
for dt in $dtypes; do
  run "values $dt" any values "$dt"
  run "store $dt" any store "$dt" 1.5 -0 nan inf 1e40 255 -1
  for fmt in npy npz safetensors; do
    f=t_$dt.$fmt
    "$nx" convert --from "$dt" raw.bin "$f" > /dev/null 2> err
    code=$?
    if [ "$code" != 0 ]; then
      # A format that cannot hold the dtype refuses it plainly.
      case="convert --from $dt raw.bin $f"
      if [ "$code" = 2 ] && grep -q '^nx-dtype: ' err && ! grep -q 'internal error' err; then
        passed=$((passed + 1))
      else fail "exit code $code: $(head -1 err)"; fi
      continue
    fi
    made=$((made + 1))
    run "inspect $f" ok inspect "$f"
    [ "$(wc -l < out)" = 3 ] || fail "not a tensor's row: $(cat out)"
    run "inspect --stats $f" ok inspect --stats "$f"
    [ "$(wc -l < out)" = 3 ] || fail "not a tensor's row: $(cat out)"
    for out in o.npy o.npz o.safetensors o.raw; do
      run "convert $f $out" any convert "$f" "$out"
      run "convert --to float32 $f $out" any convert --to float32 "$f" "$out"
      run "convert --to bfloat16 $f $out" any convert --to bfloat16 "$f" "$out"
      run "convert --to uint64 $f $out" any convert --to uint64 "$f" "$out"
      run "convert --from $dt $f $out" any convert --from "$dt" "$f" "$out"
      run "convert --only t $f $out" any convert --only t "$f" "$out"
    done
    run "convert back o.npz" any inspect --stats o.npz
    for s in $schemes; do
      run "quantize $s $f" any quantize --scheme "$s" "$f" q
      run "quantize $s $f q.safetensors" any quantize --scheme "$s" "$f" q.safetensors
      # The file as each of the parts dequantize reads.
      rm -f p.*
      for part in elements scales tensor_scale blocks; do
        cp "$f" "p.$part.npy"
      done
      run "dequantize $s blocks $f" any dequantize --scheme "$s" p r.npy
      rm -f p.blocks.npy
      run "dequantize $s $f" any dequantize --scheme "$s" p r.npy
    done
    run "dequantize $f" any dequantize "$f" r.safetensors
  done
done
[ "$made" -ge 50 ] || fail "only $made files written"

# Each command's own usage, for --help and -h.
for cmd in values store inspect convert quantize dequantize; do
  for h in --help -h; do
    run "$cmd $h" ok "$cmd" "$h"
    grep -q "^  nx-dtype $cmd " out || fail "not $cmd's usage: $(head -3 out)"
  done
done

# inspect of several files: each, named.
run "inspect of two files" ok inspect --stats t_float32.npy t_uint8.safetensors
grep -q '^t_float32.npy: ' out && grep -q '^t_uint8.safetensors: ' out \
  || fail "a file not named: $(cat out)"

# --tensor-scale 0.001: rounded once to float32.
run "quantize --tensor-scale 0.001" ok quantize --scheme nvfp4 --tensor-scale 0.001 t_float32.npy ts
run "its tensor scale" ok inspect --stats ts.tensor_scale.npy
grep -q ' 0.001 ' out || fail "tensor scale not 0.001: $(cat out)"

# A tensor_scale.npy of two values, or none, is refused, named.
"$nx" quantize --scheme nvfp4 t_float32.npy ts 2> /dev/null
cp ts.tensor_scale.npy one.npy
"$nx" convert --from float32 raw.bin two.npy 2> /dev/null
cp two.npy ts.tensor_scale.npy
run "two tensor scales" any dequantize --scheme nvfp4 ts r.npy
[ "$code" = 2 ] && grep -q 'ts.tensor_scale.npy: the tensor scale is one float32 value' err \
  || fail "not refused, named: $(cat err)"
head -c 128 one.npy | sed 's/()/(0,)/' > ts.tensor_scale.npy
run "no tensor scale" any dequantize --scheme nvfp4 ts r.npy
[ "$code" = 2 ] && grep -q 'ts.tensor_scale.npy: the tensor scale is one float32 value' err \
  || fail "not refused, named: $(cat err)"

# An .npz of a bfloat16 member ('<V2', as ml_dtypes saves it) and a
# float32 one: --from names the raw member's dtype only.
cp "$here/mixed.npz" .
run "convert --from of a mixed .npz" ok convert --from bfloat16 mixed.npz mixed.safetensors
run "its output" ok inspect mixed.safetensors
grep -q '^w  *bfloat16 ' out && grep -q '^b  *float32 ' out || fail "not both: $(cat out)"

# An .npz of three raw members of ml_dtypes' types (bfloat16 '<V2',
# float8_e4m3fn '<V1', float8_e5m2 '<f1', np.savez of ml_dtypes 0.7
# arrays of 0 1 2 3) and a float32 one: --from NAME=DTYPE names each.
cp "$here/raw_members.npz" .
run "convert --from NAME=DTYPE" ok convert --from a=bfloat16 --from b=float8_e4m3fn \
  --from c=float8_e5m2 raw_members.npz raw.safetensors
run "its output" ok inspect --stats raw.safetensors
grep -q '^a  *bfloat16 .* 3 ' out && grep -q '^b  *float8_e4m3fn .* 3 ' out \
  && grep -q '^c  *float8_e5m2 .* 3 ' out && grep -q '^d  *float32 ' out \
  || fail "not the four: $(cat out)"
run "a --from NAME of no tensor" any convert --from z=bfloat16 raw_members.npz raw2.safetensors
[ "$code" = 2 ] && grep -q 'no tensor "z"' err || fail "not refused: $(cat err)"

# A safetensors file of metadata alone, converted: its metadata kept.
printf '\032\000\000\000\000\000\000\000{"__metadata__":{"a":"b"}}' > meta.safetensors
run "convert of metadata alone" ok convert meta.safetensors meta2.safetensors
run "inspect of its output" ok inspect meta2.safetensors
grep -q '0 tensors, metadata a="b"' out || fail "metadata lost: $(cat out)"
echo "matrix: $passed passed, $failed failed"
[ "$failed" = 0 ]
