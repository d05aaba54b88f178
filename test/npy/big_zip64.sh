#!/bin/sh
# Archives past 4 GiB, both ways (`make check-zip64`; not part of `make
# test`: about 9 GB of disk and a few minutes). numpy writes a .npz whose
# first member has more than 2^32 bytes, stored, then a small one past
# 4 GiB (Zip64 sizes and offsets), and a deflated one of more than 2^32
# bytes; nx-dtype reads them (inspect --stats streams every element) and
# writes them again, stored (byte for byte numpy's) and deflated; numpy
# reads those back.
# Usage: big_zip64.sh NX_DTYPE [DIR]
set -eu
nx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
python3 -c 'import numpy' || { echo "check-zip64: needs python3 with numpy"; exit 1; }
dir=$(mktemp -d "${2:-${TMPDIR:-/tmp}}/nx-zip64.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"
python3 - <<'PY'
import numpy as np
n = (1 << 32) + 4096
big = np.zeros(n, np.uint8)
big[:: 1 << 20] = 7
small = np.arange(10, dtype=np.float32)
np.savez("np.npz", big=big, small=small)
np.savez_compressed("npc.npz", big=big)
PY
ls -l np.npz npc.npz
"$nx" inspect --stats np.npz
"$nx" inspect --stats npc.npz
"$nx" convert np.npz ours.npz
"$nx" convert --compress --only big npc.npz oursc.npz
ls -l ours.npz oursc.npz
# numpy's own layout: the stored archive is np.savez's, byte for byte.
cmp np.npz ours.npz
python3 - <<'PY'
import numpy as np
n = (1 << 32) + 4096
for f in ("ours.npz", "oursc.npz"):
    z = np.load(f)
    big = z["big"]
    assert big.shape == (n,) and big.dtype == np.uint8, (f, big.shape)
    assert int(big.sum()) == 7 * len(range(0, n, 1 << 20)), f
    if f == "ours.npz":
        assert (z["small"] == np.arange(10, dtype=np.float32)).all()
    print(f, "read back by numpy")
PY
echo "check-zip64: passed"
