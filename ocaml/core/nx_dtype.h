/* nx_dtype.h: the dtypes of nx_array, for C and C++.

   Do not edit: generated from the facts table, rust/src/facts.rs, by
   rust/src/header.rs, and from the coded enums of the Rust library (made
   by rust/src/codes.rs). Regenerate with `make generated`.

   A dtype is named by its code, the index of its row in the facts table and
   the value of Nx_array.Dtype.code. Elements are little-endian; elements of
   fewer than 8 bits are packed low bits first. The functions are those of
   the Rust static library libnx_array.a, which the OCaml library nx_array
   links: they never fail, and an unknown code gives the neutral result each
   documents. Every store of a double follows the Stores rule of
   Nx_array.Dtype: rounded once, to nearest, ties to even. */

#ifndef NX_DTYPE_H
#define NX_DTYPE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Dtype codes. */
#define NX_FLOAT64 0
#define NX_FLOAT32 1
#define NX_FLOAT16 2
#define NX_BFLOAT16 3
#define NX_FLOAT8_E4M3FN 4
#define NX_FLOAT8_E5M2 5
#define NX_FLOAT4_E2M1FN 6
#define NX_INT64 7
#define NX_UINT64 8
#define NX_INT32 9
#define NX_UINT32 10
#define NX_INT16 11
#define NX_UINT16 12
#define NX_INT8 13
#define NX_UINT8 14
#define NX_INT4 15
#define NX_UINT4 16
#define NX_COMPLEX128 17
#define NX_COMPLEX64 18
#define NX_BOOL 19
#define NX_BIT 20
#define NX_DTYPE_COUNT 21

/* Kinds of number, the values of nx_dtype_facts.kind. */
/* Binary floating point. */
#define NX_KIND_FLOAT 0
/* Pairs of binary floating point numbers. */
#define NX_KIND_COMPLEX 1
/* Two's complement integers. */
#define NX_KIND_SIGNED 2
#define NX_KIND_UNSIGNED 3
/* Truth values. */
#define NX_KIND_BOOLEAN 4

/* The facts of a dtype. The float facts (exponent_bits to max_finite) are
   those of its format for a float dtype, and zero for every other dtype. */
typedef struct nx_dtype_facts {
  int code;              /* the dtype's code, its index in the table */
  const char *name;      /* the constructor name in lower case */
  int bits;              /* the width of one element in bits */
  int kind;              /* an NX_KIND_* constant */
  int exponent_bits;     /* the width of the exponent field */
  int fraction_bits;     /* the width of the fraction field */
  int infinities;        /* 1 iff the format has infinities */
  int nans;              /* 1 iff the format has NaNs */
  double epsilon;        /* the gap between 1 and the next value */
  double min_normal;     /* the least positive normal value */
  double max_finite;     /* the largest finite value */
} nx_dtype_facts;

/* The facts table, one row per dtype in code order. */
static const nx_dtype_facts nx_dtype_table[NX_DTYPE_COUNT] = {
  {NX_FLOAT64, "float64", 64, NX_KIND_FLOAT, 11, 52, 1, 1, 2.220446049250313e-16, 2.2250738585072014e-308, 1.7976931348623157e308},
  {NX_FLOAT32, "float32", 32, NX_KIND_FLOAT, 8, 23, 1, 1, 1.1920928955078125e-7, 1.1754943508222875e-38, 3.4028234663852886e38},
  {NX_FLOAT16, "float16", 16, NX_KIND_FLOAT, 5, 10, 1, 1, 9.765625e-4, 6.103515625e-5, 6.5504e4},
  {NX_BFLOAT16, "bfloat16", 16, NX_KIND_FLOAT, 8, 7, 1, 1, 7.8125e-3, 1.1754943508222875e-38, 3.3895313892515355e38},
  {NX_FLOAT8_E4M3FN, "float8_e4m3fn", 8, NX_KIND_FLOAT, 4, 3, 0, 1, 1.25e-1, 1.5625e-2, 4.48e2},
  {NX_FLOAT8_E5M2, "float8_e5m2", 8, NX_KIND_FLOAT, 5, 2, 1, 1, 2.5e-1, 6.103515625e-5, 5.7344e4},
  {NX_FLOAT4_E2M1FN, "float4_e2m1fn", 4, NX_KIND_FLOAT, 2, 1, 0, 0, 5e-1, 1e0, 6e0},
  {NX_INT64, "int64", 64, NX_KIND_SIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_UINT64, "uint64", 64, NX_KIND_UNSIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_INT32, "int32", 32, NX_KIND_SIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_UINT32, "uint32", 32, NX_KIND_UNSIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_INT16, "int16", 16, NX_KIND_SIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_UINT16, "uint16", 16, NX_KIND_UNSIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_INT8, "int8", 8, NX_KIND_SIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_UINT8, "uint8", 8, NX_KIND_UNSIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_INT4, "int4", 4, NX_KIND_SIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_UINT4, "uint4", 4, NX_KIND_UNSIGNED, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_COMPLEX128, "complex128", 128, NX_KIND_COMPLEX, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_COMPLEX64, "complex64", 64, NX_KIND_COMPLEX, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_BOOL, "bool", 8, NX_KIND_BOOLEAN, 0, 0, 0, 0, 0.0, 0.0, 0.0},
  {NX_BIT, "bit", 1, NX_KIND_BOOLEAN, 0, 0, 0, 0, 0.0, 0.0, 0.0},
};

/* nx_facts(code) is the row of code in the library's own copy of the
   table, or NULL if code is not a dtype's code. It equals
   nx_dtype_table[code]; tests check that it does. */
const nx_dtype_facts *nx_facts(int code);

/* nx_store(code, x) is the encoding of x stored into the dtype, in the low
   bits: a float format rounds (NaNs keep their sign and the top of their
   payload, quieted), an integer truncates toward zero and saturates (NaN
   gives 0), a boolean is x != 0 (NaN gives 1), and a complex dtype holds x
   as its real part with a zero imaginary part: its encoding's low 64 bits
   are given, the rest being zero. 0 for an unknown code. */
uint64_t nx_store(int code, double x);

/* nx_load(code, bits) is the value of the element encoded in the low bits
   of bits: exact for float formats, the real part of a complex element,
   the integer rounded to nearest where it has more than 53 bits, 0 or 1
   for a boolean. NaN for an unknown code. */
double nx_load(int code, uint64_t bits);

/* nx_of_float(code, x) is nx_load(code, nx_store(code, x)): the value a
   store of x holds, as Nx_array.Dtype.of_float gives it for float dtypes.
   NaN for an unknown code. */
double nx_of_float(int code, double x);

/* The size of a buffer that holds any text of nx_format_value. */
#define NX_FORMAT_VALUE_SIZE 25

/* nx_format_value(code, x, buf, size) writes the text of the value a store
   of x into a float dtype (or a complex dtype's component format) holds,
   as Nx_array.Dtype.pp_value prints it: the shortest decimal that rounds to
   it, "inf" or "-inf" for an infinity, "nan" for a NaN x, whatever the
   format (printing stores nothing). It writes at most size bytes, with a final
   NUL when there is room, and returns the length of the text; 0 for a
   dtype that is neither float nor complex, or a NULL buf. */
size_t nx_format_value(int code, double x, char *buf, size_t size);

/* Bulk conversion.

   Besides the dtype codes, nx_convert knows NX_OCAML_INT, the elements of
   OCaml's Bigarray Int kind: 63-bit signed integers in 64-bit words. */
#define NX_OCAML_INT 21

/* Roundings, for stores into float formats. */
/* The Stores rule. */
#define NX_ROUND_NEAREST_EVEN 0
#define NX_ROUND_NEAREST_AWAY 1
#define NX_ROUND_TOWARD_ZERO 2
#define NX_ROUND_TOWARD_POSITIVE 3
#define NX_ROUND_TOWARD_NEGATIVE 4

/* Overflow policies: what a store past a format's range does. */
/* The Stores rule: infinity where the format has one, else saturate;
   integers saturate. */
#define NX_OVERFLOW_STORES 0
/* The largest finite value of the sign, even where an infinity exists.
   An infinity stays one where the format has infinities. */
#define NX_OVERFLOW_SATURATE 1
/* A NaN where the Stores rule gives an infinity for a finite value or
   saturates. Only for destinations with NaNs (nx_convert refuses the
   others). */
#define NX_OVERFLOW_NAN 2
/* Integers wrap modulo 2^bits (2^63 for NX_OCAML_INT, sign-extended); a
   float's truncation wraps, and NaN and infinities give 0. Floats as
   under Stores. */
#define NX_OVERFLOW_WRAP 3
/* Refuse: the conversion writes nothing and reports the first element
   the Stores rule would saturate, turn from finite into infinite, or
   turn from NaN or infinite into an integer. */
#define NX_OVERFLOW_RAISE 4

/* Flags of nx_convert: which side is big-endian, each component swapped;
   DST_FRESH: dst is new, untouched storage, written without streaming
   stores, which cost more into pages that fault on first touch. */
#define NX_SRC_BIG_ENDIAN 1
#define NX_DST_BIG_ENDIAN 2
#define NX_DST_FRESH 4

/* nx_convert(dst_code, dst, src_code, src, n, rounding, overflow, flags)
   stores each of the n elements at src into the element of dst at the same
   index, by the one conversion rule: a float format rounds once from the
   exact value (an int64 into float32 too), an integer truncates toward zero
   and saturates (NaN gives 0), a boolean is value != 0 (NaN is true), a
   complex format takes the value as its real part; from a complex element
   the real part is stored, a boolean counts as 0 or 1. Elements of fewer
   than 8 bits are packed low bits first, and the unused bits of dst's last
   byte are cleared. It returns -1 when done; under NX_OVERFLOW_RAISE, the
   index of the first element the Stores rule would saturate, make infinite
   from a finite value, or store as an integer from a NaN or infinity, and
   then nothing is written; -2, writing nothing, for bad parameters: an
   unknown code or rounding, an unknown overflow policy or NX_OVERFLOW_NAN
   into a dst_code without NaN, a flag bit other than those above, or a
   NULL buffer with n > 0. src and dst must not overlap. */
int64_t nx_convert(int dst_code, void *dst, int src_code, const void *src, size_t n,
                   int rounding, int overflow, int flags);

#ifdef __cplusplus
}
#endif

#endif /* NX_DTYPE_H */
