(* The "allocates nothing" claims of the documentation, in native code. *)

open Nx_array
open Check

let words_of f =
  let before = Gc.minor_words () in
  f ();
  Gc.minor_words () -. before

let run () =
  let sink = ref 0 in
  let w =
    words_of (fun () ->
        for i = 0 to 10_000 do
          let a = Sys.opaque_identity (Dtype.Any Dtype.Float16) in
          (match Dtype.of_code (i mod 25) with
           | Some (Dtype.Any dt) -> sink := !sink + Dtype.code dt
           | None -> ());
          (match a with Dtype.Any dt -> sink := !sink + Dtype.bits dt);
          if Dtype.holds Dtype.Int16 (i * 7) then incr sink;
          if Dtype.holds Dtype.Uint4 i then incr sink;
          if Dtype.exact Dtype.Int8 Dtype.Bfloat16 then incr sink;
          if Dtype.exact Dtype.Float16 Dtype.Float8_e5m2 then incr sink;
          if Dtype.exact Dtype.Complex64 Dtype.Complex128 then incr sink;
          if Dtype.exact Dtype.Uint32 Dtype.Complex128 then incr sink
        done)
  in
  check (w = 0.) "any, of_code, holds and exact allocate nothing (%g words)" w;
  (* The store itself allocates nothing; of_float, polymorphic in its
     result, boxes its float argument and result and nothing more. Results
     go to a float array: a float ref would box them too. *)
  let out = Array.make 16 0. in
  let n = 10_000 in
  let w =
    words_of (fun () ->
        for i = 1 to n do
          let x = float i *. 0.37 in
          out.(i land 15) <- Nx_array_core.Native.of_float16 x;
          out.((i + 1) land 15) <- Nx_array_core.Native.of_bfloat16 x
        done)
  in
  check (w = 0.) "the float store allocates nothing (%g words)" w;
  let w =
    words_of (fun () ->
        for i = 1 to n do
          out.(i land 15) <- Dtype.of_float Dtype.Float16 (float i *. 0.37)
        done)
  in
  check (w <= float (4 * n)) "of_float boxes at most its argument and result (%g words)" w;
  check (out.(0) <> 0.) "results kept";
  ignore (Sys.opaque_identity !sink)
