/* nx_dtype.h from C (and C++): every row of the header's table against the
   library's own, the NX_ constants against the codes, and values through
   the C API. Built -std=c99 -Wall -Wextra -Werror -pedantic, and as C++. */

#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "nx_dtype.h"

static int passed, failed;

#define CHECK(cond, ...)                                   \
  do {                                                     \
    if (cond) passed++;                                    \
    else {                                                 \
      failed++;                                            \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                        \
      fputc('\n', stderr);                                 \
    }                                                      \
  } while (0)

static int same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void test_table(void)
{
  int c;
  CHECK(NX_DTYPE_COUNT == 21, "count");
  CHECK(NX_FLOAT64 == 0 && NX_FLOAT32 == 1 && NX_BFLOAT16 == 3, "float codes");
  CHECK(NX_FLOAT4_E2M1FN == 6 && NX_INT64 == 7 && NX_UINT4 == 16, "int codes");
  CHECK(NX_COMPLEX128 == 17 && NX_BOOL == 19 && NX_BIT == 20, "other codes");
  for (c = 0; c < NX_DTYPE_COUNT; c++) {
    const nx_dtype_facts *h = &nx_dtype_table[c];
    const nx_dtype_facts *r = nx_facts(c);
    CHECK(r != NULL, "row %d", c);
    if (r == NULL) continue;
    CHECK(h->code == c && r->code == c, "code %d", c);
    CHECK(strcmp(h->name, r->name) == 0, "name %d: %s %s", c, h->name, r->name);
    CHECK(h->bits == r->bits && h->kind == r->kind, "bits, kind %d", c);
    CHECK(h->exponent_bits == r->exponent_bits && h->fraction_bits == r->fraction_bits,
          "widths %d", c);
    CHECK(h->infinities == r->infinities && h->nans == r->nans, "specials %d", c);
    CHECK(same_double(h->epsilon, r->epsilon), "epsilon %d", c);
    CHECK(same_double(h->min_normal, r->min_normal), "min_normal %d", c);
    CHECK(same_double(h->max_finite, r->max_finite), "max_finite %d", c);
  }
  CHECK(nx_facts(-1) == NULL && nx_facts(NX_DTYPE_COUNT) == NULL, "no row");
  CHECK(nx_dtype_table[NX_FLOAT8_E4M3FN].max_finite == 448.0, "448");
  CHECK(nx_dtype_table[NX_BFLOAT16].kind == NX_KIND_FLOAT, "kind float");
  CHECK(nx_dtype_table[NX_UINT32].kind == NX_KIND_UNSIGNED, "kind unsigned");
  CHECK(nx_dtype_table[NX_BIT].bits == 1, "bit");
}

static void test_values(void)
{
  char buf[NX_FORMAT_VALUE_SIZE];
  size_t n;
  CHECK(nx_store(NX_BFLOAT16, 1.0 + ldexp(1, -8) + ldexp(1, -40)) == 0x3f81, "bf16 sticky");
  CHECK(nx_store(NX_FLOAT16, 2047.4999999850988) == 0x67ff, "f16");
  CHECK(nx_store(NX_FLOAT8_E4M3FN, -431.99999999999994) == 0xfd, "e4m3fn");
  CHECK(nx_load(NX_FLOAT8_E4M3FN, 0xfd) == -416.0, "e4m3fn load");
  CHECK(nx_store(NX_FLOAT8_E4M3FN, 1e9) == 0x7e, "saturate");
  CHECK(nx_of_float(NX_FLOAT16, 65520.0) == INFINITY, "65520");
  CHECK(nx_of_float(NX_FLOAT16, 0.1) == 0.0999755859375, "0.1");
  CHECK(nx_store(NX_UINT32, 1e20) == 0xffffffffu, "uint32 saturates");
  CHECK(nx_store(NX_INT4, -3.9) == 0xd, "int4 truncates");
  CHECK(nx_load(NX_INT4, 0xd) == -3.0, "int4 load");
  CHECK(nx_store(NX_BIT, NAN) == 1, "bit nan");
  CHECK(nx_store(NX_COMPLEX128, 0.1) == 0x3fb999999999999aull, "complex128 real part");
  CHECK(nx_store(99, 1.0) == 0 && isnan(nx_load(-1, 0)) && isnan(nx_of_float(21, 1.0)),
        "unknown codes");
  n = nx_format_value(NX_FLOAT8_E4M3FN, 448.0, buf, sizeof buf);
  CHECK(n == 3 && strcmp(buf, "450") == 0, "450: %s", buf);
  n = nx_format_value(NX_BFLOAT16, ldexp(1, 97), buf, sizeof buf);
  CHECK(n == 8 && strcmp(buf, "1.59e+29") == 0, "1.59e+29: %s", buf);
  n = nx_format_value(NX_FLOAT64, -2.2250738585072014e-308, buf, sizeof buf);
  CHECK(n == 24 && strcmp(buf, "-2.2250738585072014e-308") == 0, "longest: %s", buf);
  n = nx_format_value(NX_FLOAT64, 0.5, buf, 2);
  CHECK(n == 3 && buf[0] == '0' && buf[1] == '.', "truncated");
  CHECK(nx_format_value(NX_INT8, 1.0, buf, sizeof buf) == 0, "not a float");
  CHECK(nx_format_value(NX_FLOAT32, 1.0, NULL, 10) == 0, "null buffer");
}

static double bits_double(uint64_t b) { double d; memcpy(&d, &b, sizeof d); return d; }

/* nx_convert of the doubles of stores.txt into each float format, as one
   buffer each, against the reference encodings that the OCaml tests check
   Dtype.of_float against. */
static void test_convert_vectors(const char *path)
{
  static const int codes[7] = {NX_FLOAT64, NX_FLOAT32, NX_FLOAT16, NX_BFLOAT16,
                               NX_FLOAT8_E4M3FN, NX_FLOAT8_E5M2, NX_FLOAT4_E2M1FN};
  FILE *f = fopen(path, "r");
  size_t cap = 1 << 18, n = 0, k;
  double *xs = (double *)malloc(cap * sizeof *xs);
  uint64_t *expect[7];
  char line[256];
  int j;
  CHECK(f != NULL && xs != NULL, "open %s", path);
  if (f == NULL || xs == NULL) return;
  for (j = 0; j < 7; j++) expect[j] = (uint64_t *)malloc(cap * sizeof(uint64_t));
  while (fgets(line, sizeof line, f) && n < cap) {
    unsigned long long x, e[7];
    if (line[0] == '#') continue;
    if (sscanf(line, "%llx %llx %llx %llx %llx %llx %llx %llx", &x, &e[0], &e[1], &e[2],
               &e[3], &e[4], &e[5], &e[6]) != 8) continue;
    xs[n] = bits_double(x);
    for (j = 0; j < 7; j++) expect[j][n] = e[j];
    expect[0][n] = x; /* float64 into float64 is a move: it keeps NaN bits */
    n++;
  }
  fclose(f);
  CHECK(n > 100000, "vectors: %zu", n);
  for (j = 0; j < 7; j++) {
    const nx_dtype_facts *row = &nx_dtype_table[codes[j]];
    size_t bytes = (n * (size_t)row->bits + 7) / 8, bad = 0;
    unsigned char *out = (unsigned char *)malloc(bytes);
    int64_t r = nx_convert(codes[j], out, NX_FLOAT64, xs, n, NX_ROUND_NEAREST_EVEN,
                           NX_OVERFLOW_STORES, 0);
    CHECK(r == -1, "convert into %s: %lld", row->name, (long long)r);
    for (k = 0; k < n; k++) {
      uint64_t got = 0;
      if (row->bits == 4) got = (out[k / 2] >> (4 * (k % 2))) & 0xf;
      else memcpy(&got, out + k * (size_t)(row->bits / 8), (size_t)(row->bits / 8));
      if (got != expect[j][k] && bad++ == 0)
        CHECK(0, "%s element %zu: %llx, expected %llx", row->name, k,
              (unsigned long long)got, (unsigned long long)expect[j][k]);
    }
    CHECK(bad == 0, "nx_convert into %s: %zu of %zu differ", row->name, bad, n);
    free(out);
  }
  for (j = 0; j < 7; j++) free(expect[j]);
  free(xs);
}

/* The floating-point environment paragraph of Dtype.of_float: Float32
   stores follow the rounding mode and flush-to-zero, Bfloat16 stores flush
   subnormal magnitudes to zero, and Float16 and the formats of a byte or
   less give the same bits as in the default environment. */
static void test_environment(void)
{
  const double tiny = 1e-40, above_one = 1.0 + ldexp(1, -30), h = 1.0 + ldexp(1, -11) + ldexp(1, -30);
  uint64_t f16 = nx_store(NX_FLOAT16, h), e4 = nx_store(NX_FLOAT8_E4M3FN, above_one);
  uint64_t bf = nx_store(NX_BFLOAT16, above_one);
  double v16 = nx_of_float(NX_FLOAT16, h), v8 = nx_of_float(NX_FLOAT8_E4M3FN, above_one);
  volatile float down = (float)above_one;
  CHECK(nx_store(NX_FLOAT32, tiny) != 0 && nx_store(NX_BFLOAT16, tiny) != 0,
        "subnormals kept by default");
  if (fesetround(FE_UPWARD) == 0) {
    volatile double t = above_one;
    volatile float up = (float)t;
    uint32_t upb;
    memcpy(&upb, (const void *)&up, sizeof upb);
    CHECK(up != down && nx_store(NX_FLOAT32, above_one) == upb, "float32 rounds upward");
    CHECK(nx_store(NX_FLOAT16, h) == f16 && nx_store(NX_FLOAT8_E4M3FN, above_one) == e4
          && nx_store(NX_BFLOAT16, above_one) == bf, "others ignore the rounding mode");
    CHECK(nx_of_float(NX_FLOAT16, h) == v16 && nx_of_float(NX_FLOAT8_E4M3FN, above_one) == v8,
          "of_float too");
    fesetround(FE_TONEAREST);
  }
#if defined(__x86_64__) || defined(__SSE__)
  {
    unsigned int csr = _mm_getcsr();
    _mm_setcsr(csr | 0x8000); /* flush to zero */
    CHECK(nx_store(NX_FLOAT32, tiny) == 0, "float32 flushes");
    CHECK(nx_store(NX_BFLOAT16, tiny) == 0 && nx_store(NX_BFLOAT16, -tiny) == 0x8000,
          "bfloat16 flushes subnormal magnitudes");
    CHECK(nx_store(NX_FLOAT16, h) == f16 && nx_store(NX_FLOAT16, ldexp(1, -24)) == 1
          && nx_store(NX_FLOAT8_E4M3FN, above_one) == e4, "float16 and float8 unchanged");
    CHECK(nx_of_float(NX_FLOAT16, h) == v16 && nx_of_float(NX_FLOAT16, ldexp(1, -24)) == ldexp(1, -24)
          && nx_of_float(NX_FLOAT16, -ldexp(3, -25)) == -ldexp(1, -23)
          && nx_of_float(NX_FLOAT8_E4M3FN, above_one) == v8, "of_float too");
    _mm_setcsr(csr);
  }
#endif
}

/* Bad parameters give -2 and write nothing: NaN on overflow into a format
   without NaN (as OCaml refuses it), unknown flag bits, unknown policies. */
static void test_bad_parameters(void)
{
  double src[2] = {1e300, -1e300};
  unsigned char dst[16];
  const int no_nan[] = {NX_FLOAT4_E2M1FN, NX_INT8, NX_UINT64, NX_INT4, NX_BOOL, NX_BIT,
                        NX_OCAML_INT};
  for (size_t i = 0; i < sizeof no_nan / sizeof no_nan[0]; i++) {
    memset(dst, 0x5a, sizeof dst);
    int64_t r = nx_convert(no_nan[i], dst, NX_FLOAT64, src, 2, NX_ROUND_NEAREST_EVEN,
                           NX_OVERFLOW_NAN, 0);
    int untouched = 1;
    for (size_t k = 0; k < sizeof dst; k++) untouched &= dst[k] == 0x5a;
    CHECK(r == -2 && untouched, "NX_OVERFLOW_NAN into code %d: %lld", no_nan[i], (long long)r);
  }
  const int bad_flags[] = {8, 0x100, -1, NX_SRC_BIG_ENDIAN | 16, NX_DST_FRESH | 32};
  for (size_t i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
    memset(dst, 0x5a, sizeof dst);
    int64_t r = nx_convert(NX_FLOAT32, dst, NX_FLOAT64, src, 2, NX_ROUND_NEAREST_EVEN,
                           NX_OVERFLOW_STORES, bad_flags[i]);
    CHECK(r == -2 && dst[0] == 0x5a, "flags %#x: %lld", bad_flags[i], (long long)r);
  }
  CHECK(nx_convert(NX_FLOAT32, dst, NX_FLOAT64, src, 2, 5, NX_OVERFLOW_STORES, 0) == -2,
        "unknown rounding");
  CHECK(nx_convert(NX_FLOAT32, dst, NX_FLOAT64, src, 2, NX_ROUND_NEAREST_EVEN, 5, 0) == -2,
        "unknown overflow");
  CHECK(nx_convert(NX_FLOAT8_E4M3FN, dst, NX_FLOAT64, src, 2, NX_ROUND_NEAREST_EVEN,
                   NX_OVERFLOW_NAN, NX_SRC_BIG_ENDIAN | NX_DST_BIG_ENDIAN | NX_DST_FRESH) == -1,
        "NX_OVERFLOW_NAN into a format with NaN, known flags");
}

int main(int argc, char **argv)
{
  test_bad_parameters();
  test_table();
  test_values();
  /* valgrind does not emulate flush-to-zero: make check-memory skips it. */
  if (getenv("NX_SKIP_FENV") == NULL) test_environment();
  if (argc > 1) test_convert_vectors(argv[1]);
#ifdef __cplusplus
  printf("test_header_cxx: %d passed, %d failed\n", passed, failed);
#else
  printf("test_header_c: %d passed, %d failed\n", passed, failed);
#endif
  return failed != 0;
}
