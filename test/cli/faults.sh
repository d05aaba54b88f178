#!/bin/sh
# Faults injected into nx-dtype convert. After each failure: exit code 2, a
# message naming the file, and the directory as it was (the input
# byte-identical, an old output byte-identical or still absent, no
# temporary file left). Usage: faults.sh NX_DTYPE
set -u
nx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
# Under /tmp where it can be, for the run as nobody below.
top=$(mktemp -d /tmp/nx-faults.XXXXXX 2>/dev/null || mktemp -d)
trap 'chmod -R u+w "$top"; rm -rf "$top"' EXIT
chmod 755 "$top"
w=$top/w
mkdir "$w"
cd "$w" || exit 1
passed=0
failed=0
root=no
[ "$(id -u)" = 0 ] && root=yes

fail() {
  echo "faults: $case: $*"
  failed=$((failed + 1))
}

# What the directory holds: names, kinds, modes and contents, so that any
# change (a file written, removed or left behind) shows.
state() {
  (cd "$w" && find . -mindepth 1 | LC_ALL=C sort | while IFS= read -r f; do
    if [ -L "$f" ]; then echo "$f -> $(readlink "$f")"
    elif [ -p "$f" ]; then echo "$f fifo"
    elif [ -c "$f" ]; then echo "$f char $(stat -c %t,%T "$f")"
    elif [ -d "$f" ]; then echo "$f dir $(stat -c %a "$f")"
    else echo "$f $(cksum < "$f") $(stat -c %a "$f")"
    fi
  done)
}

# refused CASE NAME ARGS...: nx-dtype ARGS (run by $as, if set) exits with
# 2, says NAME, and leaves the directory as it was.
as=
refused() {
  case=$1 name=$2
  shift 2
  inputs
  before=$(state)
  $as timeout 60 "$nx" "$@" 2> "$top/err"
  code=$?
  check_refusal "$name" "$before"
}

check_refusal() {
  after=$(state)
  msg=$(head -1 "$top/err")
  problems=
  [ "$code" = 2 ] || problems="$problems; exit code $code, not 2"
  grep -qF -- "$1" "$top/err" || problems="$problems; the message does not name $1"
  if ! grep -q '^nx-dtype: ' "$top/err" || grep -q 'internal error' "$top/err"; then
    problems="$problems; not a message"
  fi
  if [ "$after" != "$2" ]; then
    printf '%s\n' "$2" > "$top/before"
    problems="$problems; the directory changed: $(printf '%s\n' "$after" | diff "$top/before" - \
      | grep '^[<>]' | tr '\n' ' ')"
  fi
  if [ -n "$problems" ]; then fail "${problems#; } (stderr: $msg)"; else passed=$((passed + 1)); fi
}

pass() { passed=$((passed + 1)); }

# The files each case starts from: float64 values, one past float16's
# range; an old output; a file that is not .npy.
inputs() {
  printf '\000\000\000\000\000\000\360\077\000\000\000\000\200\204\056\101' > in.f64
  printf '\223NUMPY\001\000v\000%-117s\n' \
    "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }" > in.npy
  cat in.f64 >> in.npy
  printf 'old output\n' > old.f16
  cp old.f16 old.npy
  printf 'not a .npy file' > bad.npy
  # Two float64 tensors, "a" and "b", each in.f64's; and one of F8_E8M0,
  # which has no dtype in nx-dtype.
  safetensors in.safetensors \
    '{"a":{"dtype":"F64","shape":[2],"data_offsets":[0,16]},"b":{"dtype":"F64","shape":[2],"data_offsets":[16,32]}}'
  cat in.f64 in.f64 >> in.safetensors
  safetensors e8.safetensors '{"s":{"dtype":"F8_E8M0","shape":[2],"data_offsets":[0,2]}}'
  printf '\177\200' >> e8.safetensors
  cp old.f16 old.safetensors
  cp old.f16 old.npz
  # A float32 weight of 2 x 32 zeros, and a gpt-oss pair (one block).
  safetensors w.safetensors '{"w":{"dtype":"F32","shape":[2,32],"data_offsets":[0,256]}}'
  head -c 256 /dev/zero >> w.safetensors
  safetensors g.safetensors \
    '{"w_blocks":{"dtype":"U8","shape":[1,16],"data_offsets":[0,16]},"w_scales":{"dtype":"U8","shape":[1],"data_offsets":[16,17]}}'
  head -c 17 /dev/zero >> g.safetensors
  chmod 644 in.f64 in.npy old.f16 old.npy bad.npy in.safetensors e8.safetensors old.safetensors \
    old.npz w.safetensors g.safetensors
}

# safetensors FILE HEADER: the header's length (8 bytes) and the header,
# padded with spaces to a multiple of 8.
safetensors() {
  h=$2
  while [ $((${#h} % 8)) != 0 ]; do h="$h "; done
  printf "\\$(printf %03o ${#h})\\000\\000\\000\\000\\000\\000\\000%s" "$h" > "$1"
}
inputs

# An archive of in.npy's array, stored, and the same with its last byte of
# data flipped: the CRC-32 differs, which shows only once it is all read.
"$nx" convert in.npy in.npz
cp in.npz crc.npz
printf '\377' | dd of=crc.npz bs=1 seek=199 conv=notrunc 2> /dev/null
"$nx" convert --compress in.npy deflated.npz
chmod 644 in.npz crc.npz deflated.npz

# {1 The input is never written}

refused same-path in.f64 convert --from float64 --to float16 in.f64 in.f64
refused same-path-npy in.npy convert --from float64 --to float16 in.npy in.npy
refused dot-path ./in.f64 convert --from float64 --to float16 in.f64 ./in.f64
mkdir sub
refused dotdot-path sub/../in.f64 convert --from float64 --to float16 in.f64 sub/../in.f64
rmdir sub
ln -s in.f64 link.f64
ln -s link.f64 link2.f64
ln in.npy hard.npy
ln -s "$w/in.npy" abs.npy
refused symlink link.f64 convert --from float64 --to float16 in.f64 link.f64
refused symlink-chain link2.f64 convert --from float64 --to float16 in.f64 link2.f64
refused symlink-input in.f64 convert --from float64 --to float16 link.f64 in.f64
refused hard-link hard.npy convert --from float64 --to float16 in.npy hard.npy
refused absolute-symlink abs.npy convert --from float64 --to float16 in.npy abs.npy
refused dev-fd /dev/fd/3 convert --from float64 --to float16 in.f64 /dev/fd/3 3< in.f64
rm link.f64 link2.f64 hard.npy abs.npy
refused same-path-npz in.npz convert in.npz in.npz
refused same-path-safetensors in.safetensors convert --to bfloat16 in.safetensors in.safetensors
ln -s in.safetensors link.safetensors
refused symlink-safetensors link.safetensors convert in.safetensors link.safetensors
rm link.safetensors
refused quantize-same-path w.safetensors quantize --scheme mxfp4 w.safetensors w.safetensors
refused dequantize-same-path g.safetensors dequantize g.safetensors g.safetensors
ln -s w.safetensors link.safetensors
refused quantize-symlink link.safetensors quantize --scheme nvfp4 w.safetensors link.safetensors
rm link.safetensors
# The .npy forms write a set of files named from OUT: none over an input,
# and none at all if one cannot be written.
head -c 256 /dev/zero > z.f64
"$nx" convert --from float64 --to float32 z.f64 qin.elements.npy
"$nx" quantize --scheme mxfp4 qin.elements.npy qq
"$nx" quantize --scheme mxfp4 qin.elements.npy q2
rm z.f64 q2.scales.npy
mkdir q2.scales.npy
refused quantize-npy-over-input qin.elements.npy quantize --scheme mxfp4 qin.elements.npy qin
refused dequantize-npy-over-input qq.scales.npy dequantize --scheme mxfp4 qq qq.scales.npy
refused quantize-npy-set q2.scales.npy quantize --scheme mxfp4 qin.elements.npy q2
refused quantize-npy-set-nvfp4 q2.scales.npy quantize --scheme nvfp4 qin.elements.npy q2
rm -r qin.elements.npy qq.elements.npy qq.scales.npy q2.elements.npy q2.scales.npy

# {1 A failure leaves the old output as it was}

refused overflow-raise old.f16 convert --from float64 --to float16 --overflow raise in.f64 old.f16
refused overflow-raise-npy old.npy convert --from float64 --to float16 --overflow raise in.npy old.npy
refused bad-npy bad.npy convert --from float64 --to float16 bad.npy old.f16
refused missing-input missing.f64 convert --from float64 --to float16 missing.f64 old.f16
refused no-npy-form old.npy convert --from float64 --to bfloat16 --byte-order big in.f64 old.npy
refused overflow-raise-new new.f16 convert --from float64 --to float16 --overflow raise in.f64 new.f16
head -c 100 in.npy > cut.npy
refused cut-npy cut.npy convert --from float64 --to float16 cut.npy old.f16
rm cut.npy
mkdir dir.f16
refused directory-output dir.f16 convert --from float64 --to float16 in.f64 dir.f16
refused directory-input dir.f16 convert --from float16 --to float64 dir.f16 old.f16
rmdir dir.f16
refused overflow-second-tensor old.safetensors convert --to float16 --overflow raise \
  in.safetensors old.safetensors
refused overflow-npz-out old.npz convert --to float16 --overflow raise in.safetensors old.npz
refused crc-at-the-end old.safetensors convert crc.npz old.safetensors
refused crc-to-npy old.npy convert --to float32 crc.npz old.npy
refused no-dtype-to-npz e8.safetensors convert e8.safetensors old.npz
refused only-nothing in.safetensors convert --only '^c$' in.safetensors old.npz
refused two-tensors-one-npy old.npy convert in.safetensors old.npy
refused big-endian-safetensors old.safetensors convert --byte-order big in.npy old.safetensors
refused quantize-no-weight in.safetensors quantize --scheme mxfp4 in.safetensors old.safetensors
refused quantize-only-1d '"a"' quantize --scheme mxfp4 --only a in.safetensors old.safetensors
refused quantize-bad-input bad.npy quantize --scheme mxfp4 w.safetensors bad.npy
refused dequantize-no-weight in.safetensors dequantize in.safetensors old.safetensors
head -c 100 g.safetensors > cut.safetensors
refused dequantize-cut cut.safetensors dequantize cut.safetensors old.safetensors
rm cut.safetensors
head -c 150 in.npz > cut.npz
refused cut-npz cut.npz convert cut.npz old.safetensors
rm cut.npz
ln -s nowhere.f16 dangling.f16
refused dangling-symlink dangling.f16 convert --from float64 --to float16 in.f64 dangling.f16
rm dangling.f16
refused missing-directory nodir/out.f16 convert --from float64 --to float16 in.f64 nodir/out.f16
mkfifo fifo.f64
refused fifo-input fifo.f64 convert --from float64 --to float16 fifo.f64 old.f16
rm fifo.f64

# {1 A write that fails}

big() { head -c 32768 /dev/zero > big.f64; }
big
for trap in "trap '' XFSZ;" ""; do
  case="ulimit-f ${trap:-XFSZ not ignored}"
  inputs
  before=$(state)
  (ulimit -f 8; eval "$trap"; exec "$nx" convert --from float64 --to float32 big.f64 old.f16) 2> "$top/err"
  code=$?
  check_refusal old.f16 "$before"
  grep -q 'File too large' "$top/err" || fail "the message does not say why: $(cat "$top/err")"
done
# Quantizing and dequantizing checkpoints: 64 x 1024 float32 zeros, 34 KB
# once quantized, 256 KB back as float32, past ulimit -f 8 (4 KB).
safetensors big.safetensors '{"w":{"dtype":"F32","shape":[64,1024],"data_offsets":[0,262144]}}'
head -c 262144 /dev/zero >> big.safetensors
"$nx" quantize --scheme mxfp4 big.safetensors bigq.safetensors
for cmd in "quantize --scheme mxfp4 big.safetensors" "quantize --scheme nvfp4 big.safetensors" \
           "dequantize bigq.safetensors"; do
  case="ulimit-f $cmd"
  inputs
  before=$(state)
  (ulimit -f 8; trap '' XFSZ; exec "$nx" $cmd old.safetensors) 2> "$top/err"
  code=$?
  check_refusal old.safetensors "$before"
done
# A model directory: the message names the shard whose write failed.
case="ulimit-f model directory"
mkdir -p model.out
(ulimit -f 8; trap '' XFSZ; exec "$nx" convert --to float32 big.safetensors model.out/) 2> "$top/err"
[ $? -ne 0 ] || fail "the write past ulimit -f succeeded"
grep -q 'model.out/model.safetensors: File too large' "$top/err" \
  || fail "the message does not name the shard: $(cat "$top/err")"
[ -z "$(ls -A model.out)" ] || fail "left behind: $(ls -A model.out)"
rm -r model.out
rm big.safetensors bigq.safetensors
for out in old.npz old.safetensors; do
  case="ulimit-f $out"
  inputs
  before=$(state)
  (ulimit -f 8; trap '' XFSZ; exec "$nx" convert --from float64 --to float32 big.f64 $out) 2> "$top/err"
  code=$?
  check_refusal $out "$before"
done
rm big.f64

# A read-only directory; as root, the tool runs as nobody.
# nobody runs a copy of the tool in this test's directory: the build's
# own may be where nobody cannot reach (opam's build directory, /root).
nx_root=$nx
if [ $root = yes ]; then
  if command -v setpriv > /dev/null; then
    cp "$nx" "$top/nx-dtype" && chmod 755 "$top/nx-dtype"
    nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
    if $nobody timeout 60 "$top/nx-dtype" --help > /dev/null 2>&1; then as=$nobody; nx=$top/nx-dtype
    else echo "faults: skipped: the read-only directory (nobody cannot run $top/nx-dtype)"
    fi
  else echo "faults: skipped: the read-only directory (as root, without setpriv)"
  fi
fi
if [ $root = no ] || [ -n "$as" ]; then
  mkdir ro
  cp in.f64 old.f16 ro/
  chmod 666 ro/old.f16
  chmod 555 ro
  refused read-only-dir-failing ro/old.f16 convert --from float64 --to float16 --overflow raise \
    ro/in.f64 ro/old.f16
  refused read-only-dir ro/old.f16 convert --from float64 --to float16 ro/in.f64 ro/old.f16
  refused read-only-dir-new ro/new.f16 convert --from float64 --to float16 ro/in.f64 ro/new.f16
  chmod 444 ro/old.f16
  chmod 777 ro
  refused read-only-file ro/old.f16 convert --from float64 --to float16 ro/in.f64 ro/old.f16
  chmod 755 ro
  rm -r ro
  as=
fi
nx=$nx_root

# Character devices in this directory: never removed.
# Where devices cannot be opened (a filesystem mounted nodev, as in opam's
# sandbox), the cases are skipped with a message.
devices=no
if [ $root = yes ] && mknod null c 1 3 2> /dev/null && mknod full c 1 7; then
  if printf x 2> /dev/null > null; then devices=yes
  else echo "faults: skipped: character devices (this filesystem does not open them)"; rm null full
  fi
elif [ $root = yes ]; then
  echo "faults: skipped: character devices (mknod failed here)"
fi
if [ $devices = yes ]; then
  refused device-failing null convert --from float64 --to float16 --overflow raise in.f64 null
  refused device-full full convert --from float64 --to float16 in.f64 full
  grep -q 'No space left on device' "$top/err" || fail "the message does not say why: $(cat "$top/err")"
  case=device-ok
  if "$nx" convert --from float64 --to float16 in.f64 null && [ -c null ]; then pass; else fail "null"; fi
  rm null full
elif [ $root = no ]; then
  echo "faults: skipped: character devices (mknod needs root)"
fi

# {1 What succeeds}

case=replace-keeps-mode
cp old.f16 out.f16
chmod 640 out.f16
if "$nx" convert --from float64 --to float16 in.f64 out.f16 && [ "$(od -An -tx1 out.f16 | tr -d ' ')" = 003c007c ] \
   && [ "$(stat -c %a out.f16)" = 640 ]; then pass; else fail "$(stat -c %a out.f16)"; fi
rm out.f16

case=new-file-umask
if (umask 027; "$nx" convert --from float64 --to float16 in.f64 out.f16) && [ "$(stat -c %a out.f16)" = 640 ]
then pass; else fail "mode $(stat -c %a out.f16)"; fi
rm out.f16

case=replace-through-symlink
cp old.f16 target.f16
ln -s target.f16 link.f16
if "$nx" convert --from float64 --to float16 in.f64 link.f16 && [ -L link.f16 ] \
   && [ "$(od -An -tx1 target.f16 | tr -d ' ')" = 003c007c ]; then pass; else fail "$(ls -l)"; fi
rm target.f16 link.f16

case=stdout-pipe
got=$("$nx" convert --from float64 --to float16 in.f64 /dev/stdout | od -An -tx1 | tr -d ' ')
if [ "$got" = 003c007c ]; then pass; else fail "$got"; fi

case=stdout-file
"$nx" convert --from float64 --to float16 in.f64 /dev/stdout > "$top/redirected"
if [ "$(od -An -tx1 "$top/redirected" | tr -d ' ')" = 003c007c ]; then pass; else fail "$(od -An -tx1 "$top/redirected")"; fi

case=fifo-output
mkfifo pipe.f16
cat pipe.f16 > "$top/from-pipe" &
"$nx" convert --from float64 --to float16 in.f64 pipe.f16
wait
if [ -p pipe.f16 ] && [ "$(od -An -tx1 "$top/from-pipe" | tr -d ' ')" = 003c007c ]; then pass; else fail "$(ls -l)"; fi
cat pipe.f16 > /dev/null &
refused fifo-output-failing pipe.f16 convert --from float64 --to float16 --overflow raise in.f64 pipe.f16
wait
rm pipe.f16

case=stdout-npz
"$nx" convert --format npz --compress in.safetensors /dev/stdout > "$top/out.npz"
if "$nx" inspect "$top/out.npz" | grep -q '^b  *float64  *(2,)  *16$'; then pass
else fail "$("$nx" inspect "$top/out.npz" 2>&1)"; fi

case=stdout-full
if "$nx" values float4_e2m1fn > /dev/full 2> "$top/err"; then fail "exit 0"
elif grep -q 'standard output' "$top/err"; then pass; else fail "$(cat "$top/err")"; fi

# {1 Signals}

# A conversion long enough to be caught writing: the signal removes the
# temporary file, and the process dies of the signal.
truncate -s 1G sparse.f64
for sig_out in TERM:old.f16 HUP:old.f16 TERM:old.npz; do
  sig=${sig_out%:*} out=${sig_out#*:}
  case="signal $sig $out"
  before=$(state)
  "$nx" convert --from float64 --to float8_e4m3fn sparse.f64 $out 2> /dev/null &
  pid=$!
  tries=0
  until ls -A | grep -q 'nx-dtype-tmp' || [ $tries -ge 1000 ]; do sleep 0.01; tries=$((tries + 1)); done
  kill -$sig $pid 2> /dev/null
  wait $pid 2> /dev/null
  code=$?
  if [ $tries -ge 1000 ]; then fail "no temporary file seen"
  elif [ "$code" -le 128 ]; then fail "exit code $code: the conversion ended before the signal"
  elif [ "$(state)" != "$before" ]; then fail "the directory changed: $(ls -A)"
  else pass
  fi
done
rm sparse.f64

echo "faults: $passed passed, $failed failed"
[ $failed = 0 ]
