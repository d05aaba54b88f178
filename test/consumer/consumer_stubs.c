#define CAML_NAME_SPACE
#include <caml/mlvalues.h>
#include <nx_dtype.h>

/* A C stub of another library: the header's constants and the library's
   stores, linked through nx_array's own static library. */
value consumer_bfloat16_bits(value x)
{
  return Val_long(nx_store(NX_BFLOAT16, Double_val(x)));
}
