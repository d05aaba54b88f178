/* The stubs that stay in C: what neither ocaml-interop nor ocaml-rs
   expresses. Every external of ocaml/native.ml is a Rust export (nx_ml_*,
   rust/ocaml); two call these (nx_c_*, rust/ocaml/src/bigarray.rs). The
   Rust build compiles this file (rust/ocaml/build.rs).

   - nx_c_ba_view: a bigarray over another's data with the runtime's
     reference-counted proxy, whose struct ocaml-sys leaves private and
     whose caml_ba_alloc it declares with 32-bit dimensions.
   - nx_c_advise_huge_pages: madvise, which Rust's std does not bind (the
     allocation is issue 16's to rework). */

#define CAML_NAME_SPACE
#include <caml/alloc.h>
#include <caml/bigarray.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>

/* A bigarray of another kind over the same data, c_layout, with the given
   dimensions, sharing the original's storage as Bigarray's own slices do:
   through a reference-counted proxy, so that the data lives as long as
   either array. */

#include <stdatomic.h>
#include <stdlib.h>
#include <caml/custom.h>
#include <caml/fail.h>

CAMLprim value nx_c_ba_view(value vb, value vkind, value vdims)
{
  CAMLparam3(vb, vkind, vdims);
  CAMLlocal1(res);
  struct caml_ba_array *b = Caml_ba_array_val(vb);
  intnat dim[CAML_BA_MAX_NUM_DIMS];
  int ndims = (int)Wosize_val(vdims);
  for (int i = 0; i < ndims; i++) dim[i] = Long_val(Field(vdims, i));
  int flags = Caml_ba_kind_val(vkind) | CAML_BA_C_LAYOUT | (b->flags & CAML_BA_MANAGED_MASK);
  res = caml_ba_alloc(flags | CAML_BA_SUBARRAY, ndims, b->data, dim);
  Custom_ops_val(res) = Custom_ops_val(vb);
  struct caml_ba_array *r = Caml_ba_array_val(res);
  if ((b->flags & CAML_BA_MANAGED_MASK) != CAML_BA_EXTERNAL) {
    if (b->proxy != NULL) {
      r->proxy = b->proxy;
      atomic_fetch_add(&b->proxy->refcount, 1);
    } else {
      struct caml_ba_proxy *proxy = malloc(sizeof *proxy);
      if (proxy == NULL) caml_raise_out_of_memory();
      atomic_init(&proxy->refcount, 2);
      proxy->data = b->data;
      proxy->size = b->flags & CAML_BA_MAPPED_FILE ? caml_ba_byte_size(b) : 0;
      b->proxy = proxy;
      r->proxy = proxy;
    }
  }
  CAMLreturn(res);
}

/* Transparent huge pages for a buffer (Nx_array asks for them from 4 MiB
   on, as numpy does): fewer TLB misses when a conversion streams through.
   Only the 2 MiB-aligned middle of the buffer can be advised; elsewhere,
   or where the system says no, nothing changes. */
#if defined(__linux__)
#include <stdint.h>
#include <sys/mman.h>
#endif

CAMLprim value nx_c_advise_huge_pages(value vba)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  const uintptr_t huge = (uintptr_t)2 << 20;
  uintptr_t p = (uintptr_t)Caml_ba_data_val(vba);
  uintptr_t n = (uintptr_t)caml_ba_byte_size(Caml_ba_array_val(vba));
  uintptr_t start = (p + huge - 1) & ~(huge - 1), end = (p + n) & ~(huge - 1);
  if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
  (void)vba;
#endif
  return Val_unit;
}
