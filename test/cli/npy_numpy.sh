#!/bin/sh
# With python3 and numpy: .npy files written by nx-dtype, read back by
# numpy; then numpy's verdicts on the committed cases of npy_cases.txt
# judged again, and a fresh batch of cases (another seed) checked with
# npy_cases.exe. Usage: npy_numpy.sh NX_DTYPE NPY_CASES_EXE
set -eu
here=$(pwd)
nx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
npy_cases=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
if ! python3 -c 'import numpy' 2>/dev/null; then
  echo "npy_numpy: skipped: no python3 with numpy"
  exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
python3 -c "
import numpy as np
np.save('in.npy', np.array([[0.1, 1e6, -2.5], [65519, 3e-8, 1e-300]], dtype='<f8'))"
passed=0
# ml_dtypes' types need it imported; without it, the formats numpy has.
if python3 -c 'import ml_dtypes' 2>/dev/null; then
  ml="bfloat16 float8_e4m3fn float8_e5m2 float4_e2m1fn int4 uint4"
else
  echo "npy_numpy: ml_dtypes' formats skipped: no ml_dtypes"
  ml=
fi
for to in float64 float32 float16 $ml int64 uint32 int16 uint8 int8 bool complex64 complex128; do
  "$nx" convert --from float64 --to "$to" in.npy "$to.npy"
  "$nx" convert --from "$to" --to float64 "$to.npy" "$to.back.npy"
  python3 - "$to" <<'PY'
import sys, numpy as np
try:
    import ml_dtypes
except ImportError:
    pass
to = sys.argv[1]
a = np.load(to + '.npy')
b = np.load(to + '.back.npy')
assert a.shape == (2, 3) and b.shape == (2, 3) and b.dtype == np.float64, (to, a.dtype, b.dtype)
ref = np.load('in.npy')
assert str(a.dtype) == to, (to, a.dtype)
if a.dtype.kind in 'fcV' or to.startswith(('float', 'bfloat', 'int4', 'uint4')):
    got = a.astype(np.complex128).real if a.dtype.kind == 'c' else a.astype(np.float64)
    assert np.array_equal(got, b, equal_nan=True), (to, got, b)
if to in ('float64', 'complex128'):
    assert np.array_equal(b, ref), (to, b)
if to == 'float32':
    assert np.array_equal(a, ref.astype(np.float32)), (to, a)
if to == 'bool':
    assert a.dtype == np.bool_ and a.all()
PY
  passed=$((passed + 1))
done
echo "npy_numpy: $passed passed, 0 failed"

# The committed verdicts, as this numpy gives them.
python3 "$here/gen_npy_cases.py" 2> /dev/null | grep -v '^#' > again.txt
if grep -v '^#' "$here/npy_cases.txt" | cmp -s - again.txt; then
  echo "npy_verdicts: 1 passed, 0 failed"
else
  echo "npy_verdicts: numpy $(python3 -c 'import numpy; print(numpy.__version__)') judges otherwise:"
  grep -v '^#' "$here/npy_cases.txt" | diff - again.txt | cut -c1-160 | head -20
  echo "npy_verdicts: 0 passed, 1 failed"
  exit 1
fi

# A fresh batch, judged now.
python3 "$here/gen_npy_cases.py" 2 400 2> /dev/null > fresh.txt
status=0
"$npy_cases" "$nx" fresh.txt 20 > fresh.out || status=$?
sed 's/^npy_cases:/npy_fresh:/' fresh.out
exit $status
