# Sparse inputs for the tests of large files (sourced), and those
# scripts' common start: $nx, the absolute path of their NX_DTYPE argument;
# a temporary directory $top as the working one, removed at exit; the
# counters $passed and $failed. The inputs: a safetensors file of one
# float32 tensor and a .npy file, of COUNT elements (default $n), their
# bytes holes on disk.

nx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(mktemp -d)
trap 'rm -rf "$top"' EXIT
cd "$top" || exit 1
passed=0
failed=0

pad() { # STRING MULTIPLE FIXED: STRING and spaces, to FIXED + length = k * MULTIPLE
  s=$1
  while [ $(( (${#s} + $3) % $2 )) -ne 0 ]; do s="$s "; done
  printf '%s' "$s"
}
byte() { printf "\\$(printf %03o "$1")"; }

make_safetensors() { # FILE [COUNT]
  count=${2:-$n}
  h=$(pad "{\"w\":{\"dtype\":\"F32\",\"shape\":[$count],\"data_offsets\":[0,$((4 * count))]}}" 8 0)
  l=${#h}
  { byte $((l & 255)); byte $((l >> 8 & 255)); printf '\0\0\0\0\0\0%s' "$h"; } > "$1"
  truncate -s $((8 + l + 4 * count)) "$1"
}

make_npy() { # FILE [DESCR COUNT SIZE]: COUNT elements of DESCR, SIZE bytes each
  descr=${2:-<f4} count=${3:-$n} size=${4:-4}
  h=$(pad "{'descr': '$descr', 'fortran_order': False, 'shape': ($count,), }" 64 11)
  l=$((${#h} + 1))
  { printf '\223NUMPY\001\000'; byte $((l & 255)); byte $((l >> 8)); printf '%s\n' "$h"; } > "$1"
  truncate -s $((10 + l + size * count)) "$1"
}
