/* OCaml stubs of Nx_array.Block (ocaml/block.ml), over the entry points
   of rust/src/block/capi.rs. None checks its arguments: the OCaml side
   has checked codes, lengths and sizes. Large quantizations and
   dequantizations release the runtime lock, as nx_ml_convert_ba does, so
   that other domains run; their data are bigarrays, which the GC does not
   move. */

#define CAML_NAME_SPACE
#include <caml/alloc.h>
#include <caml/bigarray.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>
#include <caml/signals.h>

#include <stddef.h>
#include <stdint.h>

int64_t nx_block_quantize(int64_t params, const void *src, size_t n, void *elements,
                          void *scales, float tensor_scale);
int64_t nx_block_dequantize(int scheme, int dst_code, void *dst, const void *elements,
                            const void *scales, size_t n, float tensor_scale);
float nx_block_tensor_scale(int src_code, const void *src, size_t n);
int nx_block_store(int format, int rounding, double x);
double nx_block_load(int format, int bits);

/* Bigarrays of at least this many bytes are converted without the
   runtime lock (nx_stubs.c's threshold). */
#define NX_BLOCK_RELEASE_BYTES (1 << 16)

static int nx_block_large(value ba)
{
  return caml_ba_byte_size(Caml_ba_array_val(ba)) >= NX_BLOCK_RELEASE_BYTES;
}

/* nx_ml_block_quantize params src elements scales n tensor_scale: -1 when
   done, the index of a refused element, -2 for bad parameters. */
CAMLprim value nx_ml_block_quantize(value vp, value vsrc, value vel, value vsc, value vn,
                                    value vts)
{
  CAMLparam4(vsrc, vel, vsc, vts);
  int64_t p = Long_val(vp);
  const void *src = Caml_ba_data_val(vsrc);
  void *el = Caml_ba_data_val(vel), *sc = Caml_ba_data_val(vsc);
  size_t n = (size_t)Long_val(vn);
  float ts = (float)Double_val(vts);
  int64_t r;
  if (nx_block_large(vsrc)) {
    caml_enter_blocking_section();
    r = nx_block_quantize(p, src, n, el, sc, ts);
    caml_leave_blocking_section();
  } else {
    r = nx_block_quantize(p, src, n, el, sc, ts);
  }
  CAMLreturn(Val_long(r));
}

CAMLprim value nx_ml_block_quantize_byte(value *argv, int argn)
{
  (void)argn;
  return nx_ml_block_quantize(argv[0], argv[1], argv[2], argv[3], argv[4], argv[5]);
}

/* nx_ml_block_dequantize params dst elements scales n tensor_scale, with
   params = scheme | dst_code << 8: -1 when done, -2 for bad parameters. */
CAMLprim value nx_ml_block_dequantize(value vp, value vdst, value vel, value vsc, value vn,
                                      value vts)
{
  CAMLparam4(vdst, vel, vsc, vts);
  intnat p = Long_val(vp);
  void *dst = Caml_ba_data_val(vdst);
  const void *el = Caml_ba_data_val(vel), *sc = Caml_ba_data_val(vsc);
  size_t n = (size_t)Long_val(vn);
  float ts = (float)Double_val(vts);
  int scheme = (int)(p & 0xff), code = (int)((p >> 8) & 0xff);
  int64_t r;
  if (nx_block_large(vdst)) {
    caml_enter_blocking_section();
    r = nx_block_dequantize(scheme, code, dst, el, sc, n, ts);
    caml_leave_blocking_section();
  } else {
    r = nx_block_dequantize(scheme, code, dst, el, sc, n, ts);
  }
  CAMLreturn(Val_long(r));
}

CAMLprim value nx_ml_block_dequantize_byte(value *argv, int argn)
{
  (void)argn;
  return nx_ml_block_dequantize(argv[0], argv[1], argv[2], argv[3], argv[4], argv[5]);
}

/* NVFP4's default tensor scale of n elements of the dtype src_code. */
CAMLprim value nx_ml_block_tensor_scale(value vcode, value vsrc, value vn)
{
  CAMLparam1(vsrc);
  int code = (int)Long_val(vcode);
  const void *src = Caml_ba_data_val(vsrc);
  size_t n = (size_t)Long_val(vn);
  float s;
  if (nx_block_large(vsrc)) {
    caml_enter_blocking_section();
    s = nx_block_tensor_scale(code, src, n);
    caml_leave_blocking_section();
  } else {
    s = nx_block_tensor_scale(code, src, n);
  }
  CAMLreturn(caml_copy_double((double)s));
}

/* Single values of the formats that are not dtypes. */
intnat nx_ml_block_store(intnat format, intnat rounding, double x)
{
  return nx_block_store((int)format, (int)rounding, x);
}

CAMLprim value nx_ml_block_store_byte(value format, value rounding, value x)
{
  return Val_long(nx_ml_block_store(Long_val(format), Long_val(rounding), Double_val(x)));
}

double nx_ml_block_load(intnat format, intnat bits)
{
  return nx_block_load((int)format, (int)bits);
}

CAMLprim value nx_ml_block_load_byte(value format, value bits)
{
  return caml_copy_double(nx_ml_block_load(Long_val(format), Long_val(bits)));
}
