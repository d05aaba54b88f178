/* The benchmarks' measure of writing alone: an array's bytes written with
   streaming stores, as memcpy and the kernels write outputs past the
   caches, reading nothing. Dequantizing writes four to eight times the
   bytes it reads, and this machine class writes memory slower than it
   reads it, so the time of these stores tells how far memcpy's rate (of
   reads and writes alike) can be met at all. Not part of the library. */

#include <stdint.h>
#include <string.h>
#include <caml/mlvalues.h>
#include <caml/bigarray.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

CAMLprim value nx_bench_stream_stores(value vba)
{
  uint8_t *p = Caml_ba_data_val(vba);
  size_t n = caml_ba_byte_size(Caml_ba_array_val(vba));
#if defined(__x86_64__)
  /* 16-byte stores to aligned addresses, which the processor combines
     into whole lines; the bytes before and after, plainly. */
  size_t head = (16 - (uintptr_t)p % 16) % 16;
  if (head > n) head = n;
  memset(p, 1, head);
  __m128i v = _mm_set1_epi8(1);
  size_t i = head;
  for (; i + 16 <= n; i += 16) _mm_stream_si128((__m128i *)(p + i), v);
  _mm_sfence();
  memset(p + i, 1, n - i);
#else
  memset(p, 1, n);
#endif
  return Val_unit;
}
