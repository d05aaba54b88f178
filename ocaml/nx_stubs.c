/* OCaml stubs over the C API of nx_dtype.h, for ocaml/native.ml.

   Native code calls the nx_ml_* functions with unboxed floats and untagged
   ints; the *_byte twins are bytecode's, which box. None allocates but the
   bytecode twins' results, nx_ml_value_text's string and nx_ml_facts, and
   none checks its arguments: the OCaml side has. */

#define CAML_NAME_SPACE
#include <caml/alloc.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>

#include "nx_dtype.h"

#include <string.h>

double nx_ml_of_float(intnat code, double x) { return nx_of_float((int)code, x); }

CAMLprim value nx_ml_of_float_byte(value code, value x)
{
  return caml_copy_double(nx_ml_of_float(Long_val(code), Double_val(x)));
}

/* One scalar store per float format: the native entry points are Rust's
   (rust/src/ml.rs), these their bytecode twins. */
#define NX_ML_OF_FLOAT_BYTE(name, code)                                      \
  CAMLprim value nx_ml_##name##_byte(value x)                                \
  {                                                                          \
    return caml_copy_double(nx_of_float(code, Double_val(x)));               \
  }
NX_ML_OF_FLOAT_BYTE(of_float64, NX_FLOAT64)
NX_ML_OF_FLOAT_BYTE(of_float32, NX_FLOAT32)
NX_ML_OF_FLOAT_BYTE(of_float16, NX_FLOAT16)
NX_ML_OF_FLOAT_BYTE(of_bfloat16, NX_BFLOAT16)
NX_ML_OF_FLOAT_BYTE(of_float8_e4m3fn, NX_FLOAT8_E4M3FN)
NX_ML_OF_FLOAT_BYTE(of_float8_e5m2, NX_FLOAT8_E5M2)
NX_ML_OF_FLOAT_BYTE(of_float4_e2m1fn, NX_FLOAT4_E2M1FN)

int nx_ml_hardware(void);

CAMLprim value nx_ml_has_hardware(value unit)
{
  (void)unit;
  return Val_bool(nx_ml_hardware());
}

int64_t nx_ml_store(intnat code, double x) { return (int64_t)nx_store((int)code, x); }

CAMLprim value nx_ml_store_byte(value code, value x)
{
  return caml_copy_int64(nx_ml_store(Long_val(code), Double_val(x)));
}

double nx_ml_load(intnat code, int64_t bits) { return nx_load((int)code, (uint64_t)bits); }

CAMLprim value nx_ml_load_byte(value code, value bits)
{
  return caml_copy_double(nx_ml_load(Long_val(code), Int64_val(bits)));
}

/* The text, in a string allocated once; "" for a finite x that its format
   does not hold (of_float changes it; every double is a float64).
   nx_ml_text (rust/src/ml.rs) writes it into 64 bytes. Texts are short
   (fewer than 32 bytes): the string is allocated as a small block and
   filled inline, as two overlapping blocks, where caml_alloc_string and
   memcpy would spend more on their generality than on the bytes. */
intnat nx_ml_text(intnat code, double x, char *out);

CAMLprim value nx_ml_value_text(intnat code, double x)
{
  char buf[64];
  intnat n = nx_ml_text(code, x, buf);
  if (n < 0) n = 0;
  /* n bytes, then the padding that makes whole words: zeros, and in the
     last byte the count of bytes between the text and that byte. */
  mlsize_t words = (mlsize_t)n / sizeof(value) + 1;
  value s = caml_alloc_small(words, String_tag);
  char *p = (char *)Bytes_val(s);
  Field(s, words - 1) = 0;
  if (n >= 16) {
    memcpy(p, buf, 16);
    memcpy(p + n - 16, buf + n - 16, 16);
  } else if (n >= 8) {
    memcpy(p, buf, 8);
    memcpy(p + n - 8, buf + n - 8, 8);
  } else {
    for (intnat i = 0; i < n; i++) p[i] = buf[i];
  }
  p[words * sizeof(value) - 1] = (char)(words * sizeof(value) - 1 - n);
  return s;
}

CAMLprim value nx_ml_value_text_byte(value code, value x)
{
  return nx_ml_value_text(Long_val(code), Double_val(x));
}

CAMLprim value nx_ml_facts(value code)
{
  CAMLparam1(code);
  CAMLlocal4(row, name, some, x);
  const nx_dtype_facts *f = nx_facts((int)Long_val(code));
  if (f == NULL) CAMLreturn(Val_none);
  name = caml_copy_string(f->name);
  row = caml_alloc_tuple(11);
  Store_field(row, 0, Val_int(f->code));
  Store_field(row, 1, name);
  Store_field(row, 2, Val_int(f->bits));
  Store_field(row, 3, Val_int(f->kind));
  Store_field(row, 4, Val_int(f->exponent_bits));
  Store_field(row, 5, Val_int(f->fraction_bits));
  Store_field(row, 6, Val_bool(f->infinities));
  Store_field(row, 7, Val_bool(f->nans));
  x = caml_copy_double(f->epsilon);
  Store_field(row, 8, x);
  x = caml_copy_double(f->min_normal);
  Store_field(row, 9, x);
  x = caml_copy_double(f->max_finite);
  Store_field(row, 10, x);
  some = caml_alloc_some(row);
  CAMLreturn(some);
}

/* Bulk conversion. The OCaml side packs the small parameters into one int,
   dst_code | src_code << 8 | rounding << 16 | overflow << 20 | flags << 24,
   and has checked every length. Conversions of bigarrays large enough to be
   worth it release the runtime lock, so that other domains run; those that
   read or write the OCaml heap (strings, bytes) keep it, as the GC may move
   their data. */

#include <caml/bigarray.h>
#include <caml/signals.h>

#define NX_RELEASE_BYTES (1 << 16)

static int64_t nx_ml_run(intnat p, void *dst, const void *src, intnat n)
{
  return nx_convert((int)(p & 0xff), dst, (int)((p >> 8) & 0xff), src, (size_t)n,
                    (int)((p >> 16) & 0xf), (int)((p >> 20) & 0xf), (int)((p >> 24) & 0xff));
}

CAMLprim value nx_ml_convert_ba(value vp, value vdst, value vsrc, value vn)
{
  CAMLparam2(vdst, vsrc);
  int64_t r;
  void *dst = Caml_ba_data_val(vdst);
  const void *src = Caml_ba_data_val(vsrc);
  if (caml_ba_byte_size(Caml_ba_array_val(vdst)) >= NX_RELEASE_BYTES) {
    caml_enter_blocking_section();
    r = nx_ml_run(Long_val(vp), dst, src, Long_val(vn));
    caml_leave_blocking_section();
  } else {
    r = nx_ml_run(Long_val(vp), dst, src, Long_val(vn));
  }
  CAMLreturn(Val_long(r));
}

CAMLprim value nx_ml_convert_of_string(value vp, value vdst, value vsrc, value vn)
{
  return Val_long(nx_ml_run(Long_val(vp), Caml_ba_data_val(vdst), String_val(vsrc), Long_val(vn)));
}

CAMLprim value nx_ml_convert_to_bytes(value vp, value vdst, value vsrc, value vn)
{
  return Val_long(nx_ml_run(Long_val(vp), Bytes_val(vdst), Caml_ba_data_val(vsrc), Long_val(vn)));
}

/* A bigarray of another kind over the same data, c_layout, with the given
   dimensions, sharing the original's storage as Bigarray's own slices do:
   through a reference-counted proxy, so that the data lives as long as
   either array.

   This mirrors the runtime's caml_ba_update_proxy (runtime/bigarray.c,
   OCaml 5.3), with one change: the first proxy of an array is attached by
   a compare-and-swap, so that two domains making the first view of the
   same array at once share one proxy (the runtime's plain store would let
   each attach its own, and the data be freed while a view still uses
   it). The caller (Nx_array) passes at most CAML_BA_MAX_NUM_DIMS
   dimensions; the check below is the runtime's own, kept as a guard. */

#include <stdatomic.h>
#include <stdlib.h>
#include <caml/custom.h>
#include <caml/fail.h>

static void nx_attach_proxy(struct caml_ba_array *b, struct caml_ba_array *r)
{
  struct caml_ba_proxy *seen = __atomic_load_n(&b->proxy, __ATOMIC_ACQUIRE);
  if (seen == NULL) {
    struct caml_ba_proxy *proxy = malloc(sizeof *proxy);
    if (proxy == NULL) caml_raise_out_of_memory();
    atomic_init(&proxy->refcount, 2); /* the original and the view */
    proxy->data = b->data;
    proxy->size = b->flags & CAML_BA_MAPPED_FILE ? caml_ba_byte_size(b) : 0;
    if (__atomic_compare_exchange_n(&b->proxy, &seen, proxy, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
      r->proxy = proxy;
      return;
    }
    free(proxy); /* another domain attached one first: it is now seen */
  }
  atomic_fetch_add(&seen->refcount, 1);
  r->proxy = seen;
}

CAMLprim value nx_ml_ba_view(value vb, value vkind, value vdims)
{
  CAMLparam3(vb, vkind, vdims);
  CAMLlocal1(res);
  struct caml_ba_array *b = Caml_ba_array_val(vb);
  intnat dim[CAML_BA_MAX_NUM_DIMS];
  mlsize_t ndims = Wosize_val(vdims);
  if (ndims > CAML_BA_MAX_NUM_DIMS)
    caml_invalid_argument("Nx_array: a bigarray view of more than 16 dimensions");
  for (mlsize_t i = 0; i < ndims; i++) dim[i] = Long_val(Field(vdims, i));
  int flags = Caml_ba_kind_val(vkind) | CAML_BA_C_LAYOUT | (b->flags & CAML_BA_MANAGED_MASK);
  res = caml_ba_alloc(flags | CAML_BA_SUBARRAY, (int)ndims, b->data, dim);
  Custom_ops_val(res) = Custom_ops_val(vb);
  if ((b->flags & CAML_BA_MANAGED_MASK) != CAML_BA_EXTERNAL)
    nx_attach_proxy(b, Caml_ba_array_val(res));
  CAMLreturn(res);
}

/* The address of a bigarray's data, for overlap checks. */
intnat nx_ml_ba_address(value vb) { return (intnat)Caml_ba_data_val(vb); }

CAMLprim value nx_ml_ba_address_byte(value vb) { return Val_long(nx_ml_ba_address(vb)); }

/* Transparent huge pages for new storage (from 4 MiB, as numpy asks):
   advised before the first touch, a fresh buffer faults in 2 MiB pages,
   512 times fewer faults than in 4 KiB ones, and streams with fewer TLB
   misses. Only the 2 MiB-aligned middle of a buffer can be advised;
   elsewhere, or where the system says no, nothing changes. */
#if defined(__linux__)
#include <stdint.h>
#include <sys/mman.h>
#endif

#define NX_HUGE_FROM ((uintnat)4 << 20)

static void nx_advise(void *data, uintnat n)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const uintptr_t huge = (uintptr_t)2 << 20;
  uintptr_t p = (uintptr_t)data;
  uintptr_t start = (p + huge - 1) & ~(huge - 1), end = (p + n) & ~(huge - 1);
  if (n >= NX_HUGE_FROM && end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
  (void)data;
  (void)n;
#endif
}

CAMLprim value nx_ml_advise_huge_pages(value vba)
{
  nx_advise(Caml_ba_data_val(vba), caml_ba_byte_size(Caml_ba_array_val(vba)));
  return Val_unit;
}

CAMLprim value nx_ml_advise_bytes_huge_pages(value vb)
{
  nx_advise(Bytes_val(vb), caml_string_length(vb));
  return Val_unit;
}

/* A managed char bigarray of n zero bytes from calloc, advised: calloc
   takes large blocks fresh from the system, already zero, so nothing
   touches them before their first use (Bigarray.Array1.create and fill
   would fault every page in, once to zero it, before the caller's pass). */
CAMLprim value nx_ml_alloc_zeroed(value vn)
{
  uintnat n = (uintnat)Long_val(vn);
  void *data = calloc(n > 0 ? n : 1, 1);
  if (data == NULL) caml_raise_out_of_memory();
  nx_advise(data, n);
  intnat dim[1] = {(intnat)n};
  return caml_ba_alloc(CAML_BA_UINT8 | CAML_BA_C_LAYOUT | CAML_BA_MANAGED, 1, data, dim);
}
