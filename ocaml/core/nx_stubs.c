/* The stubs that stay in C: what neither ocaml-interop nor ocaml-rs
   expresses. Every external of ocaml/native.ml is a Rust export (nx_ml_*,
   rust/ocaml); those of bigarray.rs call these (nx_c_*). The Rust build
   compiles this file (rust/ocaml/build.rs).

   - nx_c_ba_view: a bigarray over another's data with the runtime's
     reference-counted proxy, whose struct ocaml-sys leaves private and
     whose caml_ba_alloc it declares with 32-bit dimensions.
   - nx_c_advise_huge_pages, nx_c_advise_bytes_huge_pages: madvise, which
     Rust's std does not bind.
   - nx_c_alloc_zeroed: calloc, whose block the runtime's free() releases
     when the bigarray dies: it must come from the C allocator.
   - nx_c_release_mapped: madvise again, to let a mapped file's pages go. */

#define CAML_NAME_SPACE
#include <caml/alloc.h>
#include <caml/bigarray.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>

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

CAMLprim value nx_c_ba_view(value vb, value vkind, value vdims)
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

CAMLprim value nx_c_advise_huge_pages(value vba)
{
  nx_advise(Caml_ba_data_val(vba), caml_ba_byte_size(Caml_ba_array_val(vba)));
  return Val_unit;
}

CAMLprim value nx_c_advise_bytes_huge_pages(value vb)
{
  nx_advise(Bytes_val(vb), caml_string_length(vb));
  return Val_unit;
}

/* A managed char bigarray of n zero bytes from calloc, advised: calloc
   takes large blocks fresh from the system, already zero, so nothing
   touches them before their first use (Bigarray.Array1.create and fill
   would fault every page in, once to zero it, before the caller's pass).
   The runtime counts the block's size towards the GC's pace, as for its
   own bigarrays (caml_ba_alloc with CAML_BA_MANAGED). */
CAMLprim value nx_c_alloc_zeroed(value vn)
{
  uintnat n = (uintnat)Long_val(vn);
  void *data = calloc(n > 0 ? n : 1, 1);
  if (data == NULL) caml_raise_out_of_memory();
  nx_advise(data, n);
  intnat dim[1] = {(intnat)n};
  return caml_ba_alloc(CAML_BA_UINT8 | CAML_BA_C_LAYOUT | CAML_BA_MANAGED, 1, data, dim);
}

/* Drops this process's pages under the whole pages of a bigarray that
   maps a file (Unix.map_file, or a view or slice of one): madvise's
   MADV_DONTNEED, after which they are read again from the page cache
   (or the file) when touched; a private change to them is lost. The
   pages that the bigarray's first and last bytes share with other data
   stay. Nothing for a bigarray that maps no file, or elsewhere than
   Linux. */
CAMLprim value nx_c_release_mapped(value vba)
{
#if defined(__linux__) && defined(MADV_DONTNEED)
  struct caml_ba_array *b = Caml_ba_array_val(vba);
  if ((b->flags & CAML_BA_MANAGED_MASK) == CAML_BA_MAPPED_FILE) {
    const uintptr_t page = 4096;
    uintptr_t p = (uintptr_t)b->data, n = caml_ba_byte_size(b);
    uintptr_t start = (p + page - 1) & ~(page - 1), end = (p + n) & ~(page - 1);
    if (end > start) (void)madvise((void *)start, end - start, MADV_DONTNEED);
  }
#else
  (void)vba;
#endif
  return Val_unit;
}
