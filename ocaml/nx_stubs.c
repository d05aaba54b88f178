/* OCaml stubs over the C API of nx_dtype.h, for ocaml/native.ml.

   Native code calls the nx_ml_* functions with unboxed floats and untagged
   ints; the *_byte twins are bytecode's, which box. None allocates but the
   bytecode twins' results and nx_ml_facts, and none checks its arguments:
   the OCaml side has. */

#include <string.h>
#define CAML_NAME_SPACE
#include <caml/alloc.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>

#include "nx_dtype.h"

double nx_ml_of_float(intnat code, double x) { return nx_of_float((int)code, x); }

CAMLprim value nx_ml_of_float_byte(value code, value x)
{
  return caml_copy_double(nx_ml_of_float(Long_val(code), Double_val(x)));
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

intnat nx_ml_format_value(intnat code, double x, value buf)
{
  return (intnat)nx_format_value((int)code, x, (char *)Bytes_val(buf), caml_string_length(buf));
}

CAMLprim value nx_ml_format_value_byte(value code, value x, value buf)
{
  return Val_long(nx_ml_format_value(Long_val(code), Double_val(x), buf));
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
